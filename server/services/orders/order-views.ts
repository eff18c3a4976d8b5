/**
 * What office staff (ADMIN, MANAGER) see of an order: the list row (OrderSummary, with its
 * margin) and the order card (StaffOrderDetail) with status history, field changes and the price
 * and cost breakdown. The margin on both is src/domain/margin.ts's, the statistics' rule. What a
 * partner sees is partner-order-views.ts's.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import { orderMargin } from '../../../src/domain/margin';
import type { SignedInUser } from '../../auth/tokens';
import type { Database } from '../../db/client';
import { orderChanges, orderDocuments, orderStatusHistory, orders } from '../../db/schema';
import { unreadByOfficeSql } from '../conversation/unread';
import { staffNameSql } from '../people/staff-members';
import { resultsCountSql, resultsOf } from '../results/order-results';
import { loadOrder, type Order } from './load-order';
import { assurancesOfLine, lineLanguagesSql, readOrderLines } from './order-lines';
import { placeOf } from './order-places';
import { statusesAllowedFor } from './order-status';

export type OrderSummary = components['schemas']['OrderSummary'];
export type StaffOrderDetail = components['schemas']['StaffOrderDetail'];
type OrderCosts = components['schemas']['OrderCosts'];

/**
 * The columns a list row needs (the office's and the partner's): the list reads only these,
 * never the whole order. The costs and the partner's rate give the office row its margin.
 */
export const orderSummaryColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  name: orders.name,
  phoneNumber: orders.phoneNumber,
  email: orders.email,
  amount: orders.amount,
  deliveryType: orders.deliveryType,
  pickupPointId: orders.pickupPointId,
  pickupPointName: orders.pickupPointName,
  partnerId: orders.partnerId,
  payerType: orders.payerType,
  organizationName: orders.organizationName,
  paymentUrl: orders.paymentUrl,
  urgent: orders.urgent,
  dueDate: orders.dueDate,
  assigneeId: orders.assigneeId,
  // Read for the page's rows only: one indexed lookup each, never a join over the whole filter.
  assigneeName: sql<
    string | null
  >`(select ${staffNameSql('a')} from users a where a.id = ${orders.assigneeId})`.as('assignee_name'),
  cost: orders.cost,
  otherCost: orders.otherCost,
  partnerCommissionRate: orders.partnerCommission,
  unreadMessages: unreadByOfficeSql,
  resultsCount: resultsCountSql,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
};

export type SummaryRow = Omit<OrderSummary, 'createdAt' | 'updatedAt' | 'margin' | 'marginPercent'> & {
  cost: number;
  otherCost: number | null;
  partnerCommissionRate: number;
  /** A partner's row says only that results exist. */
  resultsCount: number;
  createdAt: Date;
  updatedAt: Date;
};
export type SummaryLine = components['schemas']['OrderSummaryLine'];

/**
 * The brief lines of a page of orders, by order id, in one indexed read however long the page
 * (each line's assurance names aggregated beside it): a partner's card shows what to hand over
 * without one request per order, and the list pays one statement for it.
 */
export async function summaryLinesOf(db: Database, orderIds: readonly number[]) {
  const byOrder = new Map<number, SummaryLine[]>();
  if (orderIds.length === 0) return byOrder;
  const lines = await db
    .select({
      orderId: orderDocuments.orderId,
      type: orderDocuments.type,
      quantity: orderDocuments.quantity,
      targetLanguages: lineLanguagesSql,
      // Written out, with the outer line's table named: inside the subquery Drizzle would
      // leave its "id" unqualified, and it would mean the assurance's own id.
      assurances: sql<string[]>`(select coalesce(json_agg(a.type order by a.id), '[]'::json)
        from order_document_assurances a where a.order_document_id = "order_documents"."id")`,
    })
    .from(orderDocuments)
    // One array parameter, not IN ($1, …, $n): the same statement text for every page size, so
    // its prepared plan is reused (a short last page or a narrow filter would otherwise prepare
    // a statement of its own).
    .where(sql`${orderDocuments.orderId} = any(${sql.param([...orderIds])}::int[])`)
    .orderBy(asc(orderDocuments.sortOrder), asc(orderDocuments.id));
  for (const { orderId, ...brief } of lines) {
    byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), brief]);
  }
  return byOrder;
}

export function toOrderSummary(row: SummaryRow): OrderSummary {
  const { cost, otherCost, partnerCommissionRate, resultsCount: _results, ...shown } = row;
  const { margin, marginPercent } = orderMargin({
    amount: row.amount,
    cost,
    otherCost,
    partnerCommissionRate,
  });
  return {
    ...shown,
    margin,
    marginPercent,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function orderCosts(db: Database, order: Order): Promise<OrderCosts> {
  const [row] = await db
    .select({
      subtotal: orders.subtotal,
      discountAmount: orders.discountAmount,
      urgentAmount: orders.urgentAmount,
      cost: orders.cost,
      partnerCommissionRate: orders.partnerCommission,
    })
    .from(orders)
    .where(eq(orders.id, order.id));
  const { lines, assurances } = await readOrderLines(db, [order.id]);
  const documentsCost = row?.cost ?? 0;
  const otherCost = order.otherCost ?? 0;
  const partnerCommissionRate = row?.partnerCommissionRate ?? 0;
  const margin = orderMargin({ amount: order.amount, cost: documentsCost, otherCost, partnerCommissionRate });
  return {
    subtotal: row?.subtotal ?? 0,
    discountAmount: row?.discountAmount ?? 0,
    urgentAmount: row?.urgentAmount ?? 0,
    deliveryPrice: order.deliveryPrice,
    otherPrice: order.otherPrice,
    amount: order.amount,
    documentsCost,
    otherCost,
    partnerCommissionRate,
    ...margin,
    lines: lines.map((line) => ({
      id: line.id,
      cost: line.cost,
      assurances: assurancesOfLine(assurances, line.id).map(({ assuranceId, cost }) => ({
        assuranceId,
        cost,
      })),
    })),
  };
}

/** An order's status moves, oldest first. */
export function statusHistoryOf(db: Database, orderId: number) {
  return db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
}

/** The office staff's order card (the contract lets only ADMIN and MANAGER ask for it). */
export async function staffOrderDetail(
  db: Database,
  orderId: number,
  viewer: Pick<SignedInUser, 'role'>,
): Promise<StaffOrderDetail> {
  const order = await loadOrder(db, orderId);
  const history = await statusHistoryOf(db, orderId);
  const changes = await db
    .select()
    .from(orderChanges)
    .where(eq(orderChanges.orderId, orderId))
    .orderBy(asc(orderChanges.createdAt), asc(orderChanges.id));
  return {
    order,
    history: history.map((entry) => ({
      id: entry.id,
      fromStatus: entry.fromStatus,
      status: entry.status,
      comment: entry.comment,
      createdAt: entry.createdAt.toISOString(),
      actorEmail: entry.actorEmail,
      actorRole: entry.actorRole,
    })),
    changes: changes.map((change) => ({
      id: change.id,
      field: change.field,
      oldValue: change.oldValue,
      newValue: change.newValue,
      comment: change.comment,
      createdAt: change.createdAt.toISOString(),
      actorEmail: change.actorEmail,
      actorRole: change.actorRole,
    })),
    allowedStatuses: [...statusesAllowedFor(order.status, viewer.role)],
    costs: await orderCosts(db, order),
    place: await placeOf(db, order),
    results: await resultsOf(db, orderId, true),
  };
}
