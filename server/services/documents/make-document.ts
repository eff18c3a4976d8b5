/**
 * The `make-invoice` / `make-act` task of the order-processing queue: draws the PDF of an issued
 * invoice or act, stores it, and links it to the invoice row and the order. Safe to run twice or
 * late: it only fills a PDF that is still missing, for the amount the row still has, so a retry,
 * a duplicate task or a re-issue racing it never leaves a stale file attached.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { files, invoices, orderEvents, orders, organizations } from '../../db/schema';
import { loadOrder } from '../orders/load-order';
import { type CustomerParty, type DocumentKind, documentContent } from './document-content';
import { fileUrl } from './invoice-view';
import { notifyCustomer } from './notify';
import { renderDocumentPdf } from './render-pdf';
import { loadRequisites } from './requisites';
import { removeStoredFiles, writeStoredFile } from './stored-files';

export const DOCUMENT_TASKS = { INVOICE: 'make-invoice', ACT: 'make-act' } as const;
export type DocumentTaskName = (typeof DOCUMENT_TASKS)[DocumentKind];

export const kindOfTask = (name: DocumentTaskName): DocumentKind =>
  name === 'make-invoice' ? 'INVOICE' : 'ACT';

const FILE_NAMES: Record<DocumentKind, string> = { INVOICE: 'Счёт', ACT: 'Акт' };

/** The company as the order recorded it, with the signer its owner set on the organization. */
async function customerParty(db: Database, order: typeof orders.$inferSelect): Promise<CustomerParty> {
  const [organization] = order.organizationId
    ? await db.select().from(organizations).where(eq(organizations.id, order.organizationId))
    : order.userId && order.organizationInn
      ? await db
          .select()
          .from(organizations)
          .where(and(eq(organizations.userId, order.userId), eq(organizations.inn, order.organizationInn)))
      : [];
  return {
    name: order.organizationName ?? organization?.name ?? order.name,
    inn: order.organizationInn ?? organization?.inn ?? null,
    kpp: order.organizationKpp ?? organization?.kpp ?? null,
    address: order.organizationAddress ?? organization?.address ?? null,
    signerName: organization?.signerName ?? null,
    signerPosition: organization?.signerPosition ?? null,
  };
}

/** Makes the PDF of the order's `kind` document if it still lacks one. True when it made it. */
export async function makeDocumentPdf(
  ctx: AppContext,
  orderId: number,
  kind: DocumentKind,
): Promise<boolean> {
  const [invoice] = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, kind)));
  if (!invoice || invoice.fileId) return false;
  const [orderRow] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!orderRow) return false;
  const order = await loadOrder(ctx.db, orderId);
  const content = documentContent({
    kind,
    number: invoice.number,
    issuedAt: invoice.createdAt,
    order: { ...order, amount: invoice.amount, discountAmount: orderRow.discountAmount },
    bureau: await loadRequisites(ctx.db),
    customer: await customerParty(ctx.db, orderRow),
  });
  const pdf = await renderDocumentPdf(content);
  const stored = await writeStoredFile(ctx.storage, pdf, 'application/pdf');
  const attached = await ctx.db
    .transaction(async (tx) => {
      await tx.insert(files).values({
        id: stored.id,
        ownerUserId: orderRow.userId,
        storagePath: stored.storagePath,
        name: `${FILE_NAMES[kind]} ${invoice.number}.pdf`,
        size: pdf.length,
        mime: 'application/pdf',
        kind: kind === 'INVOICE' ? 'INVOICE_PDF' : 'ACT_PDF',
        orderId,
      });
      const updated = await tx
        .update(invoices)
        .set({ fileId: stored.id })
        .where(and(eq(invoices.id, invoice.id), isNull(invoices.fileId), eq(invoices.amount, invoice.amount)))
        .returning({ id: invoices.id });
      if (updated.length === 0) {
        tx.rollback();
        return false;
      }
      const url = fileUrl(stored.id);
      await tx
        .update(orders)
        .set(kind === 'INVOICE' ? { invoicePdfPath: url } : { actPdfPath: url })
        .where(eq(orders.id, orderId));
      await tx.insert(orderEvents).values({
        orderId,
        eventType: kind === 'INVOICE' ? 'invoice-pdf-made' : 'act-pdf-made',
        success: true,
        payload: { number: invoice.number, amount: invoice.amount, bytes: pdf.length },
      });
      await notifyCustomer(tx, {
        type: 'INVOICE',
        orderId,
        title: kind === 'INVOICE' ? `Счёт ${invoice.number} готов` : `Акт ${invoice.number} готов`,
        body:
          kind === 'INVOICE'
            ? `Счёт на оплату заказа № ${orderRow.number} можно скачать в личном кабинете.`
            : `Акт по заказу № ${orderRow.number} готов: подпишите его и пришлите скан в личном кабинете.`,
      });
      return true;
    })
    .catch(async (error: unknown) => {
      // drizzle's rollback() throws to end the transaction: that is the «made meanwhile» outcome.
      if ((error as { name?: string }).name === 'TransactionRollbackError') return false;
      await removeStoredFiles(ctx.storage, [stored.storagePath]);
      throw error;
    });
  if (!attached) await removeStoredFiles(ctx.storage, [stored.storagePath]);
  return attached;
}

/** The worker's entry: a failure is recorded for the monitoring pages and thrown for a retry. */
export async function runDocumentTask(
  ctx: AppContext,
  name: DocumentTaskName,
  orderId: number,
): Promise<void> {
  try {
    await makeDocumentPdf(ctx, orderId, kindOfTask(name));
  } catch (error) {
    await ctx.db.insert(orderEvents).values({
      orderId,
      eventType: `${name}-failed`,
      success: false,
      error: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }
}
