/**
 * What each audience sees of an order. Office staff views are complete: the list row
 * (OrderSummary) and the order card (StaffOrderDetail) with status history, field changes and
 * the price and cost breakdown. A PARTNER hands orders over and gets the card without what the
 * bureau pays or earns: no costs or margin, no other document's cost, no history of price or
 * cost changes, and the people who acted named by role, never by email (`forViewer`).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import { scopeOrdersFor } from '../../auth/ownership';
import type { SignedInUser } from '../../auth/tokens';
import type { Database } from '../../db/client';
import { orderChanges, orderDocuments, orderStatusHistory, orders } from '../../db/schema';
import { notFound } from '../../errors';
import { loadOrder, type Order } from './load-order';
import { assurancesOfLine, readOrderLines } from './order-lines';
import { placeOf } from './order-places';
import { statusesAllowedFor } from './order-status';

export type OrderSummary = components['schemas']['OrderSummary'];
export type StaffOrderDetail = components['schemas']['StaffOrderDetail'];
type OrderCosts = components['schemas']['OrderCosts'];
type OrderChangeField = components['schemas']['OrderChangeField'];

/** The columns a list row needs: the list reads only these, never the whole order. */
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
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
};

export type SummaryRow = Omit<OrderSummary, 'createdAt' | 'updatedAt' | 'documents'> & {
  createdAt: Date;
  updatedAt: Date;
};
type SummaryLine = NonNullable<OrderSummary['documents']>[number];

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

export function toOrderSummary(row: SummaryRow, documents?: SummaryLine[]): OrderSummary {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(documents ? { documents } : {}),
  };
}

const kopecks = (rubles: number) => Math.round(rubles * 100);
const rubles = (amount: number) => amount / 100;

async function orderCosts(db: Database, order: Order): Promise<OrderCosts> {
  const [row] = await db
    .select({ subtotal: orders.subtotal, discountAmount: orders.discountAmount, cost: orders.cost })
    .from(orders)
    .where(eq(orders.id, order.id));
  const { lines, assurances } = await readOrderLines(db, [order.id]);
  const documentsCost = row?.cost ?? 0;
  const otherCost = order.otherCost ?? 0;
  // Sums in kopecks, so 0.1 + 0.2 never shows as 0.30000000000000004 on the card.
  const totalCost = rubles(kopecks(documentsCost) + kopecks(otherCost));
  return {
    subtotal: row?.subtotal ?? 0,
    discountAmount: row?.discountAmount ?? 0,
    deliveryPrice: order.deliveryPrice,
    otherPrice: order.otherPrice,
    amount: order.amount,
    documentsCost,
    otherCost,
    totalCost,
    margin: rubles(kopecks(order.amount) - kopecks(totalCost)),
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

/** Field changes a partner does not see: what the order costs the customer and the bureau. */
const PRICE_CHANGES: ReadonlySet<OrderChangeField> = new Set(['AMOUNT', 'OTHER_PRICE', 'OTHER_COST']);

const isOfficeStaff = (viewer: Pick<SignedInUser, 'role'>) =>
  viewer.role === 'ADMIN' || viewer.role === 'MANAGER';

/** The order as this viewer may see it: whole for office staff, without the cost for a partner. */
export function forViewer(order: Order, viewer: Pick<SignedInUser, 'role'>): Order {
  return isOfficeStaff(viewer) ? order : { ...order, otherCost: null };
}

/** The order card; the caller's reach (ownership) is checked before. */
/** 404 unless the viewer may reach the order (a partner: its own points' orders). */
async function ensureReach(
  db: Database,
  viewer: Pick<SignedInUser, 'id' | 'role' | 'partnerId'>,
  orderId: number,
): Promise<void> {
  const scope = scopeOrdersFor(viewer);
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(scope ? and(eq(orders.id, orderId), scope) : eq(orders.id, orderId));
  if (!row) throw notFound('Заказ не найден');
}

/** The back office's order card: 404 unless the viewer may reach the order. */
export async function staffOrderDetail(
  db: Database,
  orderId: number,
  viewer: Pick<SignedInUser, 'id' | 'role' | 'partnerId'>,
): Promise<StaffOrderDetail> {
  await ensureReach(db, viewer, orderId);
  const order = await loadOrder(db, orderId);
  const history = await db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
  const changes = await db
    .select()
    .from(orderChanges)
    .where(eq(orderChanges.orderId, orderId))
    .orderBy(asc(orderChanges.createdAt), asc(orderChanges.id));
  const officeStaff = isOfficeStaff(viewer);
  const actorEmail = (email: string | null) => (officeStaff ? email : null);
  return {
    order: forViewer(order, viewer),
    history: history.map((entry) => ({
      id: entry.id,
      fromStatus: entry.fromStatus,
      status: entry.status,
      comment: entry.comment,
      createdAt: entry.createdAt.toISOString(),
      actorEmail: actorEmail(entry.actorEmail),
      actorRole: entry.actorRole,
    })),
    changes: changes
      .filter((change) => officeStaff || !PRICE_CHANGES.has(change.field))
      .map((change) => ({
        id: change.id,
        field: change.field,
        oldValue: change.oldValue,
        newValue: change.newValue,
        comment: change.comment,
        createdAt: change.createdAt.toISOString(),
        actorEmail: actorEmail(change.actorEmail),
        actorRole: change.actorRole,
      })),
    allowedStatuses: [...statusesAllowedFor(order.status, viewer.role)],
    costs: officeStaff ? await orderCosts(db, order) : null,
    place: await placeOf(db, order),
  };
}
