/**
 * Retention of uploaded scans (152-FZ: personal data kept no longer than its purpose needs): the
 * scans of an order completed or cancelled SCAN_RETENTION_DAYS ago (default 90) are removed,
 * rows and stored bytes, and the order remembers when («сканы удалены DD.MM.YYYY»). Younger
 * orders and orders still in work keep theirs. The conversation's files and the finished
 * translation go with the scans. Invoices, acts and other documents the bureau must
 * keep for accounting are other kinds of files and stay. A daily periodic job runs it.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { files, orderFiles, orders } from '../../db/schema';
import { removeStoredFiles } from './stored-files';

export interface RetentionResult {
  orders: number;
  files: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What goes: the customer's scans, the files of the conversation (either side's) and the finished
 * translation — each carries the same personal data as the scans it was made from.
 */
export const RETAINED_KINDS = ['ORDER_DOCUMENT', 'MESSAGE_FILE', 'ORDER_RESULT'] as const;

export async function removeExpiredScans(ctx: AppContext, now = new Date()): Promise<RetentionResult> {
  const cutoff = new Date(now.getTime() - ctx.config.scanRetentionDays * DAY_MS);
  // When the order closed: its last move into the status it is in (a manual edit of the row
  // without history counts from its last change). Columns named with their table: Drizzle writes
  // a one-table select's columns bare, and in the subquery a bare "id" is the history row's own.
  const closedAt = sql`coalesce((select max(h.created_at) from order_status_history h
    where h.order_id = "orders"."id" and h.status = "orders"."status"), "orders"."updated_at")`;
  const due = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.status, ['COMPLETED', 'CANCELLED']),
        isNull(orders.scansDeletedAt),
        sql`${closedAt} <= ${cutoff.toISOString()}::timestamptz`,
      ),
    )
    .limit(500);
  let removedFiles = 0;
  for (const { id } of due) {
    const removed = await ctx.db.transaction(async (tx) => {
      const scans = tx.select({ id: orderFiles.fileId }).from(orderFiles).where(eq(orderFiles.orderId, id));
      const rows = await tx
        .delete(files)
        .where(
          and(
            inArray(files.kind, RETAINED_KINDS),
            sql`(${files.orderId} = ${id} or ${files.id} in (${scans}))`,
          ),
        )
        .returning({ storagePath: files.storagePath });
      await tx.update(orders).set({ scansDeletedAt: now }).where(eq(orders.id, id));
      return rows;
    });
    // The bytes after the rows: a failure leaves an orphan the orphan sweep removes, never a row without bytes.
    await removeStoredFiles(
      ctx.storage,
      removed.map((file) => file.storagePath),
    );
    removedFiles += removed.length;
  }
  return { orders: due.length, files: removedFiles };
}
