/**
 * Unread messages counted for the lists: the office's (the customer's messages nobody of the office
 * has read: the staff list's badge, the monitor's figures) and the customer's (the bureau's
 * messages they have not read: the cabinet's list and order). The office's count rides on the
 * partial index of unread customer messages.
 */
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderMessages } from '../../db/schema';

/**
 * The customer's unread messages of each row's order, as a column of an orders select. The outer
 * table is named in full: inside the subquery Drizzle would leave `${orders.id}` as a bare "id",
 * which would mean the message's own id.
 */
export const unreadByOfficeSql = sql<number>`(select count(*) from order_messages m
  where m.order_id = "orders"."id" and m.side = 'CUSTOMER' and m.read_at is null)`
  .mapWith(Number)
  .as('unread_messages');

/** The bureau's messages the customer has not read, by order id (orders without any are left out). */
export async function unreadByCustomer(
  db: Database,
  orderIds: readonly number[],
): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orderMessages.orderId, unread: count() })
    .from(orderMessages)
    .where(
      and(
        inArray(orderMessages.orderId, [...orderIds]),
        eq(orderMessages.side, 'BUREAU'),
        isNull(orderMessages.readAt),
      ),
    )
    .groupBy(orderMessages.orderId);
  return new Map(rows.map((row) => [row.orderId, Number(row.unread)]));
}

/** The monitor's figures: customers' messages nobody of the office has read, and their orders. */
export async function unreadByOfficeTotals(
  db: Database,
): Promise<{ unreadMessages: number; ordersAwaitingReply: number }> {
  const [row] = await db
    .select({
      messages: count(),
      orders: sql<number>`count(distinct ${orderMessages.orderId})`.mapWith(Number),
    })
    .from(orderMessages)
    .where(and(eq(orderMessages.side, 'CUSTOMER'), isNull(orderMessages.readAt)));
  return { unreadMessages: Number(row?.messages ?? 0), ordersAwaitingReply: Number(row?.orders ?? 0) };
}
