/**
 * What a partner's pickup counter sees of an order (docs/decisions/0038-what-a-partner-sees.md):
 * the number, the status, the customer's name and phone, the pickup point and what to hand over,
 * and the status moves with the comments partners wrote, and whether the finished translation was
 * attached (a count). Never the email, the money, the promo code, the office's comments and notes,
 * the conversation or any file: the list, the card and a status change's answer are
 * all built here, so a new field of the order reaches a partner only when it is added here.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import type { SignedInUser } from '../../auth/tokens';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import { notFound } from '../../errors';
import { resultsCountSql } from '../results/order-results';
import { statusesAllowedFor } from './order-status';
import { type SummaryLine, statusHistoryOf, summaryLinesOf } from './order-views';

export type PartnerOrder = components['schemas']['PartnerOrder'];
export type PartnerOrderDetail = components['schemas']['PartnerOrderDetail'];

/** The row columns a partner's order is made of; the lines come from summaryLinesOf. */
export const partnerOrderColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  name: orders.name,
  phoneNumber: orders.phoneNumber,
  pickupPointId: orders.pickupPointId,
  pickupPointName: orders.pickupPointName,
  resultsCount: resultsCountSql,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
};

type PartnerRow = Omit<PartnerOrder, 'documents' | 'createdAt' | 'updatedAt'> & {
  createdAt: Date;
  updatedAt: Date;
};

/** Only the partner's fields of a row, whatever else the row holds. */
export function toPartnerOrder(row: PartnerRow, documents: readonly SummaryLine[]): PartnerOrder {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    name: row.name,
    phoneNumber: row.phoneNumber,
    pickupPointId: row.pickupPointId,
    pickupPointName: row.pickupPointName,
    documents: [...documents],
    resultsCount: row.resultsCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One order as a partner sees it; `scope` is the partner's reach (404 outside it). */
export async function readPartnerOrder(
  db: Database,
  orderId: number,
  scope: SQL | undefined,
): Promise<PartnerOrder> {
  const [row] = await db
    .select(partnerOrderColumns)
    .from(orders)
    .where(scope ? and(eq(orders.id, orderId), scope) : eq(orders.id, orderId));
  if (!row) throw notFound('Заказ не найден');
  const lines = await summaryLinesOf(db, [orderId]);
  return toPartnerOrder(row, lines.get(orderId) ?? []);
}

/** The partner's card: the order, its status moves, and the moves the partner may make now. */
export async function partnerOrderDetail(
  db: Database,
  orderId: number,
  partner: Pick<SignedInUser, 'role'>,
  scope: SQL | undefined,
): Promise<PartnerOrderDetail> {
  const order = await readPartnerOrder(db, orderId, scope);
  const history = await statusHistoryOf(db, orderId);
  return {
    order,
    history: history.map((entry) => ({
      id: entry.id,
      fromStatus: entry.fromStatus,
      status: entry.status,
      // The office's comments are its own (a customer's request, a price talk): a partner reads
      // only what partners wrote.
      comment: entry.actorRole === 'PARTNER' ? entry.comment : null,
      createdAt: entry.createdAt.toISOString(),
      actorRole: entry.actorRole,
    })),
    allowedStatuses: [...statusesAllowedFor(order.status, partner.role)],
  };
}
