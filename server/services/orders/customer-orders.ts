/**
 * The cabinet's reads: the caller's orders (scopeOwnOrdersFor: placed by them, or placed with
 * their email and left without an account) as customer views. Another customer's order is 404,
 * the same answer as an order that does not exist.
 */
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import { changeText } from '../../../src/domain/order-changes';
import { scopeOwnOrdersFor } from '../../auth/ownership';
import type { Database } from '../../db/client';
import {
  deliveries,
  orderChanges,
  orderDocuments,
  orderStatusHistory,
  orders,
  organizations,
} from '../../db/schema';
import { notFound } from '../../errors';
import { unreadByCustomer } from '../conversation/unread';
import { invoicesOfOrders } from '../documents/invoice-view';
import { customerRefundOf } from '../payments/refund-facts';
import { resultsOf } from '../results/order-results';
import {
  type CustomerOrder,
  type CustomerOrderSummary,
  type CustomerStatusChange,
  headlineOf,
  type Invoice,
  nextStepFor,
  toCustomerOrder,
  toCustomerStatusChange,
} from './customer-order-views';
import { loadOrder } from './load-order';
import { lineLanguagesSql } from './order-lines';
import { placesOf } from './order-places';

/** Who is asking: the signed-in user's id and their (proven) email. */
export interface Customer {
  id: number;
  email: string | null;
}

type OrderRow = typeof orders.$inferSelect;

export const orderNotFound = () => notFound('Заказ не найден');

/** The caller's order row, or 404 — for every cabinet operation on one order. */
export async function findCustomerOrderRow(db: Database, customer: Customer, orderId: number) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), scopeOwnOrdersFor({ ...customer, role: 'USER', partnerId: null })));
  if (!row) throw orderNotFound();
  return row;
}

/** Invoices and acts of the orders, with whether their PDF is made yet (documents service). */
function invoicesOf(db: Database, orderRows: Pick<OrderRow, 'id'>[]): Promise<Invoice[]> {
  return invoicesOfOrders(
    db,
    orderRows.map((row) => row.id),
  );
}

const actState = (row: Pick<OrderRow, 'actPdfPath' | 'actSignedPath'>, orderInvoices: Invoice[]) => {
  const acts = orderInvoices.filter((invoice) => invoice.kind === 'ACT');
  return {
    actIssued: row.actPdfPath !== null || acts.length > 0,
    actSigned: row.actSignedPath !== null || acts.some((act) => act.status === 'SIGNED'),
    invoice: orderInvoices.find((invoice) => invoice.kind === 'INVOICE') ?? null,
  };
};

/** One order as its customer sees it, whoever's it is: callers check ownership first. */
export async function loadCustomerOrder(db: Database, orderId: number): Promise<CustomerOrder> {
  const order = await loadOrder(db, orderId);
  const [row] = await db
    .select({ order: orders, deliveryName: deliveries.type })
    .from(orders)
    .leftJoin(deliveries, eq(deliveries.id, orders.deliveryId))
    .where(eq(orders.id, orderId));
  if (!row) throw orderNotFound();
  const placeOf = await placesOf(db, [row.order]);
  const orderInvoices = await invoicesOf(db, [row.order]);
  return toCustomerOrder(order, {
    subtotal: row.order.subtotal,
    discountAmount: row.order.discountAmount,
    paidAt: row.order.paidAt,
    // Only a paid order can have one.
    refund: row.order.paidAt ? await customerRefundOf(db, orderId) : null,
    deliveryName: row.deliveryName,
    place: placeOf(row.order),
    invoices: orderInvoices,
    ...actState(row.order, orderInvoices),
    results: await resultsOf(db, orderId, false),
    unreadMessages: (await unreadByCustomer(db, [orderId])).get(orderId) ?? 0,
  });
}

export async function getCustomerOrder(
  db: Database,
  customer: Customer,
  orderId: number,
): Promise<{ order: CustomerOrder; history: CustomerStatusChange[]; changes: CustomerOrderChange[] }> {
  await findCustomerOrderRow(db, customer, orderId);
  const order = await loadCustomerOrder(db, orderId);
  const history = await db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
  // The changes of what was ordered and of its sum (decision 0056), without staff's comments.
  const changes = await db
    .select()
    .from(orderChanges)
    .where(
      and(
        eq(orderChanges.orderId, orderId),
        inArray(orderChanges.field, ['DOCUMENTS', 'DELIVERY', 'URGENCY', 'AMOUNT']),
      ),
    )
    .orderBy(asc(orderChanges.createdAt), asc(orderChanges.id));
  return {
    order,
    history: history.map((step) => toCustomerStatusChange(step, customer.id)),
    changes: changes.map((change) => ({
      id: change.id,
      text: changeText(change),
      byCustomer: change.actorUserId === customer.id,
      createdAt: change.createdAt.toISOString(),
    })),
  };
}

type CustomerOrderChange = components['schemas']['CustomerOrderChange'];

export interface CustomerOrderQuery {
  status?: OrderRow['status'];
  organizationId?: number;
  limit: number;
  offset: number;
}

/** The company's orders: linked to it, or placed with its INN before it was saved. */
async function organizationCondition(db: Database, customer: Customer, organizationId: number) {
  const [organization] = await db
    .select({ id: organizations.id, inn: organizations.inn })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), eq(organizations.userId, customer.id)));
  if (!organization) return sql`false`;
  return or(
    eq(orders.organizationId, organization.id),
    and(
      isNull(orders.organizationId),
      eq(orders.payerType, 'LEGAL'),
      eq(orders.organizationInn, organization.inn),
    ),
  ) as SQL;
}

export async function listCustomerOrders(
  db: Database,
  customer: Customer,
  query: CustomerOrderQuery,
): Promise<{ items: CustomerOrderSummary[]; total: number; limit: number; offset: number }> {
  const conditions: SQL[] = [scopeOwnOrdersFor({ ...customer, role: 'USER', partnerId: null })];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.organizationId !== undefined)
    conditions.push(await organizationCondition(db, customer, query.organizationId));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ order: orders })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  const ids = rows.map((row) => row.order.id);
  const lines = ids.length
    ? await db
        .select({
          orderId: orderDocuments.orderId,
          type: orderDocuments.type,
          quantity: orderDocuments.quantity,
          targetLanguages: lineLanguagesSql,
        })
        .from(orderDocuments)
        .where(inArray(orderDocuments.orderId, ids))
        .orderBy(asc(orderDocuments.sortOrder), asc(orderDocuments.id))
    : [];
  const placeOf = await placesOf(
    db,
    rows.map((row) => row.order),
  );
  const allInvoices = await invoicesOf(
    db,
    rows.filter((row) => row.order.payerType === 'LEGAL').map((row) => row.order),
  );
  const unread = await unreadByCustomer(db, ids);
  const items = rows.map(({ order }): CustomerOrderSummary => {
    const orderInvoices = allInvoices.filter((invoice) => invoice.orderId === order.id);
    return {
      ...headlineOf(order),
      createdAt: order.createdAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
      placedWithoutSignIn: order.placedWithoutSignIn,
      documents: lines
        .filter((line) => line.orderId === order.id)
        .map((line) => ({ type: line.type, quantity: line.quantity, targetLanguages: line.targetLanguages })),
      originalLanguage: order.originalLanguage,
      targetLanguage: order.targetLanguage,
      deliveryType: order.deliveryType,
      payerType: order.payerType,
      organizationId: order.organizationId,
      organizationName: order.organizationName,
      urgent: order.urgent,
      dueDate: order.dueDate,
      nextStep: nextStepFor({ ...order, place: placeOf(order), ...actState(order, orderInvoices) }),
      unreadMessages: unread.get(order.id) ?? 0,
    };
  });
  return { items, total: counted?.total ?? 0, limit: query.limit, offset: query.offset };
}
