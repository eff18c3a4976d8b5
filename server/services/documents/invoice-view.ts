/**
 * Invoices and acts as the contract's Invoice: the row, whether its PDF is made yet, and its
 * state as the customer should read it. An invoice counts as PAID once the order has been paid
 * (paidAt, or a PAID step in its history: staff may mark it paid either way), so no status
 * change elsewhere has to remember to update this table.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import { scopeOwnOrdersFor } from '../../auth/ownership';
import type { SignedInUser } from '../../auth/tokens';
import type { Database } from '../../db/client';
import { invoices, orderStatusHistory, orders } from '../../db/schema';

export type Invoice = components['schemas']['Invoice'];
type InvoiceRow = typeof invoices.$inferSelect;

export const fileUrl = (fileId: string) => `/api/files/${fileId}`;

/** When the order was paid, if it was: its paidAt, else the first PAID step of its history. */
const paidAtSql = sql<Date | null>`coalesce(${orders.paidAt}, (
  select min(${orderStatusHistory.createdAt}) from ${orderStatusHistory}
  where ${orderStatusHistory.orderId} = ${orders.id} and ${orderStatusHistory.status} = 'PAID'
))`.mapWith((value: unknown) => (value === null || value === undefined ? null : new Date(value as string)));

const invoiceColumns = {
  invoice: invoices,
  orderNumber: orders.number,
  orderPaidAt: paidAtSql,
  actSignedPath: orders.actSignedPath,
};

interface InvoiceWithOrder {
  invoice: InvoiceRow;
  orderNumber: string;
  orderPaidAt: Date | null;
  actSignedPath: string | null;
}

export function toInvoice({ invoice, orderNumber, orderPaidAt, actSignedPath }: InvoiceWithOrder): Invoice {
  const paidAt = invoice.kind === 'INVOICE' ? (orderPaidAt ?? invoice.paidAt) : null;
  const status = invoice.kind === 'INVOICE' && paidAt ? 'PAID' : invoice.status;
  return {
    id: invoice.id,
    orderId: invoice.orderId,
    orderNumber,
    kind: invoice.kind,
    number: invoice.number,
    amount: invoice.amount,
    pdfStatus: invoice.fileId ? 'READY' : 'MAKING',
    pdfUrl: invoice.fileId ? fileUrl(invoice.fileId) : null,
    status,
    createdAt: invoice.createdAt.toISOString(),
    paidAt: paidAt?.toISOString() ?? null,
    signedAt: invoice.kind === 'ACT' ? (invoice.signedAt?.toISOString() ?? null) : null,
    signedUrl: invoice.kind === 'ACT' && invoice.signedAt ? actSignedPath : null,
  };
}

/** The invoices and acts of these orders, oldest first (for an order's page). */
export async function invoicesOfOrders(db: Database, orderIds: number[]): Promise<Invoice[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(inArray(invoices.orderId, orderIds))
    .orderBy(invoices.createdAt, invoices.id);
  return rows.map(toInvoice);
}

export async function invoiceOfOrder(
  db: Database,
  orderId: number,
  kind: 'INVOICE' | 'ACT',
): Promise<Invoice | null> {
  const [row] = await db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, kind)));
  return row ? toInvoice(row) : null;
}

/** /cabinet/invoices: the caller's own invoices and acts, newest first. */
export async function listOwnInvoices(
  db: Database,
  caller: SignedInUser,
  page: { limit: number; offset: number },
): Promise<{ items: Invoice[]; total: number; limit: number; offset: number }> {
  const scope = scopeOwnOrdersFor(caller);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(scope);
  const rows = await db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(scope)
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(page.limit)
    .offset(page.offset);
  return { items: rows.map(toInvoice), total: counted?.total ?? 0, ...page };
}
