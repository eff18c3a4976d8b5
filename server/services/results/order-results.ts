/**
 * The finished translation («Готовый перевод»): office staff attach its files to an order for the
 * customer (POST /api/order/{id}/results) and may remove one until the order is handed over. The
 * files are stored like any upload (type by content — PDF, DOCX, JPEG, PNG — size, bytes through
 * ctx.storage) as `files` rows of kind ORDER_RESULT on the order, so the customer downloads them
 * by the ownership rule of their order's files and a partner never does. One upload is one
 * transaction: the rows, the order's history, the customer's notification with its push and the
 * mail, so a repeated request (same Idempotency-Key) or a rolled-back one tells nobody twice.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import { RESULT_NOTE_MAX, resultNoteTooLong } from '../../../src/domain/order-messages';
import { mayAttachResults, mayRemoveResults, ORDER_STATUS_LABELS } from '../../../src/domain/order-status';
import type { AppContext } from '../../app-context';
import type { SignedInUser } from '../../auth/tokens';
import type { Database } from '../../db/client';
import { files, idempotencyKeys, orderResults, orders } from '../../db/schema';
import { notFound, ProductError } from '../../errors';
import { removeStoredFiles } from '../documents/stored-files';
import {
  discardFiles,
  documentRows,
  type IncomingForm,
  placeReceivedFiles,
  RESULT_TYPES,
  receiveOrderDocuments,
} from '../documents/uploads';
import { notifyOrderCustomer } from '../notifications/notifications';
import { claimIdempotencyKey } from '../orders/idempotency-key';
import { recordOrderChange } from '../orders/order-edits';
import { queueOrderMail } from '../orders/order-mail';

export type OrderResult = components['schemas']['OrderResult'];

const orderMissing = () => notFound('Заказ не найден');
const KEY_REUSED = 'Этот ключ уже использован для других файлов: отправьте их с новым ключом';

/**
 * The order's results, oldest first. `forStaff` adds who attached each; the customer reads only
 * that the bureau did.
 */
export async function resultsOf(db: Database, orderId: number, forStaff: boolean): Promise<OrderResult[]> {
  const rows = await db
    .select({
      id: orderResults.id,
      fileId: files.id,
      name: files.name,
      size: files.size,
      type: files.mime,
      note: orderResults.note,
      addedAt: orderResults.createdAt,
      addedByEmail: orderResults.addedByEmail,
    })
    .from(orderResults)
    .innerJoin(files, eq(files.id, orderResults.fileId))
    .where(eq(orderResults.orderId, orderId))
    .orderBy(asc(orderResults.createdAt), asc(orderResults.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    size: row.size,
    type: row.type,
    url: `/api/files/${row.fileId}`,
    note: row.note,
    addedAt: row.addedAt.toISOString(),
    addedByEmail: forStaff ? row.addedByEmail : null,
  }));
}

/**
 * How many results each order has, for rows that only say results exist (a partner's). The outer
 * table is named in full: Drizzle would write `orders.id` here as a bare "id", the result's own.
 */
export const resultsCountSql =
  sql<number>`(select count(*) from order_results r where r.order_id = "orders"."id")`
    .mapWith(Number)
    .as('results_count');

function noteOf(form: IncomingForm): string | null {
  const note = form.fields().note?.trim() ?? '';
  if (note.length > RESULT_NOTE_MAX) {
    const message = resultNoteTooLong(note.length);
    throw new ProductError('refused', 'VALIDATION_ERROR', message, [{ path: '/body/note', message }]);
  }
  return note || null;
}

const cancelled = () =>
  new ProductError('conflict', 'CONFLICT', 'Заказ отменён: готовый перевод к нему не прикрепить', {
    currentStatus: 'CANCELLED',
  });

async function orderStatus(db: Database, orderId: number) {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (!row) throw orderMissing();
  return row.status;
}

/** Whether results were already attached under this key (then answered, whatever the status now). */
async function keySeen(db: Database, key: string): Promise<boolean> {
  const [seen] = await db.select({ one: sql`1` }).from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  return seen !== undefined;
}

export async function addOrderResults(
  ctx: AppContext,
  form: IncomingForm,
  staff: SignedInUser,
  orderId: number,
  idempotencyKey: string | undefined,
): Promise<{ results: OrderResult[]; replayed: boolean }> {
  // Refused before a byte is read: no such order, or a cancelled one.
  const status = await orderStatus(ctx.db, orderId);
  const key = idempotencyKey && `order-results:user:${staff.id}:${idempotencyKey}`;
  if (!(key && (await keySeen(ctx.db, key))) && !mayAttachResults(status)) throw cancelled();

  const received = await receiveOrderDocuments(ctx, form, false, { types: RESULT_TYPES });
  let note: string | null;
  try {
    note = noteOf(form);
  } catch (error) {
    await discardFiles(ctx, received);
    throw error;
  }
  const placed = await placeReceivedFiles(ctx, received);
  const hash = createHash('sha256')
    .update(JSON.stringify([orderId, note, ...placed.map((file) => [file.name, file.sha256])]))
    .digest('hex');
  let replayed: boolean;
  try {
    replayed = await ctx.db.transaction(async (tx) => {
      if (key && !(await claimIdempotencyKey(tx, key, hash, KEY_REUSED)).fresh) return true;
      const [locked] = await tx
        .select({ status: orders.status, number: orders.number, email: orders.email })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for('update');
      if (!locked) throw orderMissing();
      if (!mayAttachResults(locked.status)) throw cancelled();
      await tx.insert(files).values(documentRows(placed, staff.id, orderId, 'ORDER_RESULT'));
      await tx.insert(orderResults).values(
        placed.map((file) => ({
          orderId,
          fileId: file.id,
          note,
          addedByUserId: staff.id,
          addedByEmail: staff.email,
        })),
      );
      const names = placed.map((file) => file.name).join(', ');
      await recordOrderChange(tx, {
        orderId,
        field: 'RESULTS_ADDED',
        oldValue: null,
        newValue: names,
        comment: note,
        actor: { userId: staff.id, email: staff.email, role: staff.role },
      });
      await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, orderId));
      if (key) await tx.update(idempotencyKeys).set({ orderId }).where(eq(idempotencyKeys.key, key));
      await notifyOrderCustomer(tx, orderId, {
        type: 'ORDER_STATUS',
        title: `Готовый перевод по заказу № ${locked.number}`,
        body:
          placed.length === 1
            ? `Файл ${names} можно скачать в личном кабинете.`
            : `Файлы можно скачать в личном кабинете: ${names}.`,
      });
      await queueOrderMail(tx, { id: orderId, email: locked.email }, 'order-results');
      return false;
    });
  } catch (error) {
    await discardFiles(ctx, received, placed);
    throw error;
  }
  // A repeat attaches nothing: the copies it brought go.
  if (replayed) await discardFiles(ctx, received, placed);
  return { results: await resultsOf(ctx.db, orderId, true), replayed };
}

export async function removeOrderResult(
  ctx: AppContext,
  staff: SignedInUser,
  orderId: number,
  resultId: number,
): Promise<OrderResult[]> {
  const removed = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!locked) throw orderMissing();
    const [result] = await tx
      .select({ fileId: orderResults.fileId, name: files.name, storagePath: files.storagePath })
      .from(orderResults)
      .innerJoin(files, eq(files.id, orderResults.fileId))
      .where(and(eq(orderResults.id, resultId), eq(orderResults.orderId, orderId)));
    if (!result) throw notFound('Файл готового перевода не найден');
    if (!mayRemoveResults(locked.status)) {
      throw new ProductError(
        'conflict',
        'CONFLICT',
        `Заказ уже выдан клиенту (статус «${ORDER_STATUS_LABELS[locked.status]}»): файлы готового перевода больше не удаляются`,
        { currentStatus: locked.status },
      );
    }
    // The result's row goes with its file (order_results.file_id cascades).
    await tx.delete(files).where(eq(files.id, result.fileId));
    await recordOrderChange(tx, {
      orderId,
      field: 'RESULT_REMOVED',
      oldValue: result.name,
      newValue: null,
      actor: { userId: staff.id, email: staff.email, role: staff.role },
    });
    await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, orderId));
    return result;
  });
  // The bytes after the row: a failure leaves an orphan the orphan sweep removes.
  await removeStoredFiles(ctx.storage, [removed.storagePath]);
  return resultsOf(ctx.db, orderId, true);
}
