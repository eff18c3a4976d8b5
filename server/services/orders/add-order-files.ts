/**
 * POST /api/user/orders/{id}/files: the customer sends files to their own order after placing it
 * (step 2 lets them skip the files) while the bureau has not started the work (mayAddFiles: NEW,
 * AWAITING_PAYMENT, PAID). The files are checked as uploads are (type by content, size, the
 * address's megabytes an hour), stored, and attached in one transaction that also keeps the
 * change in the order's history and tells the managers. The order is looked at twice: before a
 * byte is read (another's order: 404, work started: 409) and again under its row lock, so a status
 * moved meanwhile refuses the files and leaves nothing stored. An Idempotency-Key makes a repeat
 * (the outbox after a lost answer) answer the order without adding the files twice.
 */
import { createHash } from 'node:crypto';
import { and, eq, max, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import { mayAddFiles, ORDER_STATUS_LABELS, type OrderStatus } from '../../../src/domain/order-status';
import type { AppContext } from '../../app-context';
import { scopeOwnOrdersFor } from '../../auth/ownership';
import type { SignedInUser } from '../../auth/tokens';
import { files, idempotencyKeys, orderFiles, orders } from '../../db/schema';
import { notFound, ProductError } from '../../errors';
import { notifyManagers } from '../documents/notify';
import {
  discardFiles,
  documentRows,
  type IncomingFiles,
  placeReceivedFiles,
  receiveOrderDocuments,
} from '../documents/uploads';
import { findCustomerOrderRow, getCustomerOrder } from './customer-orders';
import { claimIdempotencyKey } from './idempotency-key';
import { recordOrderChange } from './order-edits';

const workStarted = (status: OrderStatus) =>
  new ProductError(
    'conflict',
    'CONFLICT',
    `Бюро уже начало работу над заказом (статус «${ORDER_STATUS_LABELS[status]}»): добавить файлы нельзя. Напишите менеджеру, если нужно что-то изменить.`,
    { currentStatus: status },
  );

type CustomerOrderDetail = components['schemas']['CustomerOrderDetail'];

const KEY_REUSED = 'Этот ключ уже использован для других файлов: отправьте их с новым ключом';

export async function addCustomerOrderFiles(
  ctx: AppContext,
  incoming: IncomingFiles,
  customer: SignedInUser,
  orderId: number,
  idempotencyKey: string | undefined,
): Promise<{ detail: CustomerOrderDetail; replayed: boolean }> {
  // Refused before a byte is read: someone else's order, or one the bureau is already working on.
  const row = await findCustomerOrderRow(ctx.db, customer, orderId);
  const key = idempotencyKey && `order-files:user:${customer.id}:${idempotencyKey}`;
  const answered = key && (await alreadyAdded(ctx, key));
  if (!answered && !mayAddFiles(row.status)) throw workStarted(row.status);

  const received = await receiveOrderDocuments(ctx, incoming, true);
  const placed = await placeReceivedFiles(ctx, received);
  const hash = createHash('sha256')
    .update(JSON.stringify([orderId, ...placed.map((file) => [file.name, file.sha256])]))
    .digest('hex');
  let replayed: boolean;
  try {
    replayed = await ctx.db.transaction(async (tx) => {
      if (key && !(await claimIdempotencyKey(tx, key, hash, KEY_REUSED)).fresh) return true;
      const own = scopeOwnOrdersFor({ ...customer, role: 'USER', partnerId: null });
      const [locked] = await tx
        .select({ status: orders.status, number: orders.number })
        .from(orders)
        .where(and(eq(orders.id, orderId), own))
        .for('update');
      if (!locked) throw notFound('Заказ не найден');
      if (!mayAddFiles(locked.status)) throw workStarted(locked.status);
      const at = new Date();
      const [last] = await tx
        .select({ sortOrder: max(orderFiles.sortOrder) })
        .from(orderFiles)
        .where(eq(orderFiles.orderId, orderId));
      await tx.insert(files).values(documentRows(placed, customer.id, orderId));
      await tx.insert(orderFiles).values(
        placed.map((file, index) => ({
          orderId,
          fileId: file.id,
          sortOrder: (last?.sortOrder ?? 0) + index + 1,
          addedAt: at,
          addedByEmail: customer.email,
        })),
      );
      const names = placed.map((file) => file.name).join(', ');
      await recordOrderChange(tx, {
        orderId,
        field: 'FILES_ADDED',
        oldValue: null,
        newValue: names,
        comment: null,
        actor: { userId: customer.id, email: customer.email, role: 'USER' },
      });
      await tx.update(orders).set({ updatedAt: at }).where(eq(orders.id, orderId));
      if (key) await tx.update(idempotencyKeys).set({ orderId }).where(eq(idempotencyKeys.key, key));
      await notifyManagers(tx, {
        type: 'ORDER_STATUS',
        title: `Клиент добавил файлы к заказу № ${locked.number}`,
        body: `${placed.length === 1 ? 'Файл' : 'Файлы'}: ${names}`,
        orderId,
      });
      return false;
    });
  } catch (error) {
    await discardFiles(ctx, received, placed);
    throw error;
  }
  // A repeat adds nothing: the copies it brought go.
  if (replayed) await discardFiles(ctx, received, placed);
  return { detail: await getCustomerOrder(ctx.db, customer, orderId), replayed };
}

/** Whether files were already added under this key (a repeat is answered even once work started). */
async function alreadyAdded(ctx: AppContext, key: string): Promise<boolean> {
  const [seen] = await ctx.db
    .select({ one: sql`1` })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.key, key));
  return seen !== undefined;
}
