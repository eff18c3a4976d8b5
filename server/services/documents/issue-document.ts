/**
 * «Сформировать счёт» and «Сформировать акт» in the cabinet: issue the order's invoice or act
 * (one of each per order) and have its PDF made by the order-processing queue. The request
 * answers at once; the PDF follows within seconds and the customer is notified when it is ready.
 * Without a queue (tests, tools) the PDF is made before answering.
 */
import { and, eq } from 'drizzle-orm';
import { isActDue, takesDocuments } from '../../../src/domain/order-status';
import type { AppContext } from '../../app-context';
import { scopeOwnOrdersFor } from '../../auth/ownership';
import type { SignedInUser } from '../../auth/tokens';
import type { Database } from '../../db/client';
import { files, invoices, orders } from '../../db/schema';
import { notFound, ProductError } from '../../errors';
import { transactionExecutor } from '../../queue/transaction';
import { type DocumentKind, documentNumber } from './document-content';
import { type Invoice, invoiceOfOrder } from './invoice-view';
import { DOCUMENT_TASKS, makeDocumentPdf } from './make-document';
import { loadRequisites } from './requisites';
import { removeStoredFiles } from './stored-files';

/** A PDF still missing this long after it was asked for is asked for again (its task was lost). */
export const REQUEUE_AFTER_MS = 60_000;

export const companyOnly = () =>
  new ProductError(
    'refused',
    'NOT_A_COMPANY_ORDER',
    'Счета и акты оформляются только для заказов, оплачиваемых организацией',
  );

type OrderRow = typeof orders.$inferSelect;

/** The caller's own order, locked for the change; someone else's is 404 like a missing one. */
export async function lockOwnOrder(tx: Database, caller: SignedInUser, orderId: number): Promise<OrderRow> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), scopeOwnOrdersFor(caller)))
    .for('update');
  if (!order) throw notFound('Заказ не найден');
  return order;
}

function checkIssuable(order: OrderRow, kind: DocumentKind) {
  if (order.payerType !== 'LEGAL') throw companyOnly();
  if (!takesDocuments(order.status)) {
    throw new ProductError('conflict', 'CONFLICT', 'Заказ отменён: документы по нему не оформляются');
  }
  if (kind === 'ACT' && !isActDue(order.status)) {
    throw new ProductError('conflict', 'CONFLICT', 'Акт можно сформировать, когда перевод будет готов');
  }
}

export interface IssuedDocument {
  invoice: Invoice;
  /** The PDF can be downloaded now. */
  ready: boolean;
}

export async function issueDocument(
  ctx: AppContext,
  caller: SignedInUser,
  orderId: number,
  kind: DocumentKind,
): Promise<IssuedDocument> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const order = await lockOwnOrder(tx, caller, orderId);
    checkIssuable(order, kind);
    await loadRequisites(tx);
    const [existing] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, kind)));
    let needsPdf = false;
    let staleFile: string | null = null;
    if (!existing) {
      await tx.insert(invoices).values({
        orderId,
        kind,
        number: documentNumber(kind, order.number),
        amount: order.amount,
        status: 'ISSUED',
      });
      needsPdf = true;
    } else if (existing.amount !== order.amount && existing.status === 'ISSUED' && !order.paidAt) {
      // The price was revised since: the old document no longer says what is owed.
      if (existing.fileId) {
        const [old] = await tx
          .delete(files)
          .where(eq(files.id, existing.fileId))
          .returning({ storagePath: files.storagePath });
        staleFile = old?.storagePath ?? null;
      }
      await tx
        .update(invoices)
        .set({ amount: order.amount, fileId: null, createdAt: new Date() })
        .where(eq(invoices.id, existing.id));
      await tx
        .update(orders)
        .set(kind === 'INVOICE' ? { invoicePdfPath: null } : { actPdfPath: null })
        .where(eq(orders.id, orderId));
      needsPdf = true;
    } else if (!existing.fileId) {
      needsPdf = Date.now() - existing.createdAt.getTime() > REQUEUE_AFTER_MS;
    }
    if (needsPdf && ctx.jobs) {
      await ctx.jobs.send(
        'order-processing',
        { name: DOCUMENT_TASKS[kind], orderId },
        { db: transactionExecutor(tx), retryLimit: 3, retryDelay: 10, retryBackoff: true },
      );
    }
    return { needsPdf, staleFile };
  });
  if (outcome.staleFile) await removeStoredFiles(ctx.storage, [outcome.staleFile]);
  if (outcome.needsPdf && !ctx.jobs) await makeDocumentPdf(ctx, orderId, kind);
  const invoice = await invoiceOfOrder(ctx.db, orderId, kind);
  if (!invoice) throw new Error(`The ${kind} of order ${orderId} vanished after it was issued`);
  return { invoice, ready: invoice.pdfStatus === 'READY' };
}
