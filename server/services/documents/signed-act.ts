/**
 * The signed act coming back: a scan or PDF of the act with the company's signature, sent by the
 * customer from the cabinet or by a manager who received it on paper. The file is checked by its
 * content (PDF, JPEG, PNG), kept with the order, and the act becomes SIGNED. A new scan replaces
 * the earlier one.
 */
import { rm } from 'node:fs/promises';
import { and, eq, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { scopeOwnOrdersFor } from '../../auth/ownership';
import type { SignedInUser } from '../../auth/tokens';
import type { Database } from '../../db/client';
import { files, invoices, orderEvents, orderStatusHistory, orders } from '../../db/schema';
import { notFound, ProductError } from '../../errors';
import { newStorageKey } from '../../storage/file-storage';
import { fileUrl, type Invoice, invoiceOfOrder } from './invoice-view';
import { companyOnly } from './issue-document';
import { notifyCustomer, notifyManagers } from './notify';
import { removeStoredFiles } from './stored-files';
import { type IncomingFiles, type ReceivedFile, receiveFiles } from './uploads';

export const SIGNED_ACT_TYPES: ReadonlySet<string> = new Set(['application/pdf', 'image/jpeg', 'image/png']);

const isStaff = (caller: SignedInUser) => caller.role === 'ADMIN' || caller.role === 'MANAGER';

/** Staff reach every order; a customer only their own. */
const orderScope = (caller: SignedInUser): SQL | undefined =>
  isStaff(caller) ? undefined : scopeOwnOrdersFor(caller);

const noActYet = () =>
  new ProductError(
    'conflict',
    'CONFLICT',
    'Акт по заказу ещё не сформирован: сначала сформируйте акт, затем пришлите подписанный',
  );

async function checkOrder(db: Database, caller: SignedInUser, orderId: number, lock: boolean) {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), orderScope(caller)));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw notFound('Заказ не найден');
  if (order.payerType !== 'LEGAL') throw companyOnly();
  const [act] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'ACT')));
  if (!act) throw noActYet();
  return { order, act };
}

async function receiveOne(ctx: AppContext, incoming: IncomingFiles): Promise<ReceivedFile> {
  const received = await receiveFiles(incoming, ctx.config.dataDir, 'file', SIGNED_ACT_TYPES);
  if (received.length !== 1) {
    await Promise.all(received.map((file) => rm(file.temporaryPath, { force: true })));
    throw new ProductError(
      'validation',
      'VALIDATION_ERROR',
      received.length === 0
        ? 'Прикрепите подписанный акт в поле file'
        : 'Пришлите один файл подписанного акта',
    );
  }
  return received[0] as ReceivedFile;
}

export async function storeSignedAct(
  ctx: AppContext,
  incoming: IncomingFiles,
  caller: SignedInUser,
  orderId: number,
): Promise<Invoice> {
  // Refused before a byte of the file is read when the order cannot take a signed act.
  await checkOrder(ctx.db, caller, orderId, false);
  const file = await receiveOne(ctx, incoming);
  const storagePath = newStorageKey(file.id);
  try {
    await ctx.storage.moveIn(storagePath, file.temporaryPath, file.mime);
  } catch (error) {
    await rm(file.temporaryPath, { force: true });
    throw error;
  }
  let replaced: string[] = [];
  try {
    replaced = await ctx.db.transaction(async (tx) => {
      const { order, act } = await checkOrder(tx, caller, orderId, true);
      const old = await tx
        .delete(files)
        .where(and(eq(files.orderId, orderId), eq(files.kind, 'ACT_SIGNED')))
        .returning({ storagePath: files.storagePath });
      await tx.insert(files).values({
        id: file.id,
        ownerUserId: order.userId,
        storagePath,
        name: file.name,
        size: file.size,
        mime: file.mime,
        kind: 'ACT_SIGNED',
        orderId,
        sha256: file.sha256,
      });
      const now = new Date();
      await tx
        .update(orders)
        .set({ actSignedPath: fileUrl(file.id), updatedAt: now })
        .where(eq(orders.id, orderId));
      await tx.update(invoices).set({ status: 'SIGNED', signedAt: now }).where(eq(invoices.id, act.id));
      await tx.insert(orderStatusHistory).values({
        orderId,
        fromStatus: order.status,
        status: order.status,
        comment: `Получен подписанный акт ${act.number}`,
        actorUserId: caller.id,
        actorEmail: caller.email,
        actorRole: caller.role,
      });
      await tx.insert(orderEvents).values({
        orderId,
        eventType: 'act-signed-received',
        success: true,
        payload: { number: act.number, mime: file.mime, bytes: file.size, byStaff: isStaff(caller) },
      });
      const notification = { type: 'INVOICE' as const, orderId };
      if (isStaff(caller)) {
        await notifyCustomer(tx, {
          ...notification,
          title: `Подписанный акт ${act.number} получен`,
          body: `Мы получили подписанный акт по заказу № ${order.number}. Спасибо!`,
        });
      } else {
        await notifyManagers(tx, {
          ...notification,
          title: `Клиент прислал подписанный акт ${act.number}`,
          body: `По заказу № ${order.number} получен подписанный акт: проверьте его.`,
        });
      }
      return old.map((row) => row.storagePath);
    });
  } catch (error) {
    await removeStoredFiles(ctx.storage, [storagePath]);
    throw error;
  }
  await removeStoredFiles(ctx.storage, replaced);
  const act = await invoiceOfOrder(ctx.db, orderId, 'ACT');
  if (!act) throw noActYet();
  return act;
}
