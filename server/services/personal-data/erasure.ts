/**
 * Withdrawal of consent and erasure of a person's data (152-FZ art. 21 part 5), by the customer in
 * the cabinet or by an ADMIN on their written request: one transaction (erase-rows.ts, table by
 * table) and an erasure record, then the bytes of the scans, the conversations' files and the
 * finished translations (erased-files.ts). Refused while any order
 * of theirs is not finished or cancelled (docs/decisions/0047): the bureau still needs to reach
 * them, and a payment may be on its way.
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import { formatDate } from '../../../src/domain/format';
import { isCancellableByCustomer, ORDER_STATUS_LABELS, TERMINAL } from '../../../src/domain/order-status';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import {
  files,
  orderFiles,
  orderMessageFiles,
  orderMessages,
  organizations,
  personalDataErasures,
  telegramSubscriptions,
  users,
} from '../../db/schema';
import { ProductError } from '../../errors';
import { sendInTransaction } from '../../queue/transaction';
import { messageExcerpt } from '../conversation/send-message';
import { RETAINED_KINDS } from '../documents/scan-retention';
import {
  deleteAccountRows,
  deleteScans,
  type ErasureScope,
  endFollowing,
  eraseAccount,
  eraseAuthorship,
  eraseConversations,
  eraseOrders,
  scrubFreeText,
  scrubQueuedTasks,
  withdrawConsents,
} from './erase-rows';
import { REMOVE_ERASED_FILES_OPTIONS, removeErasedFiles } from './erased-files';
import { type ErasureView, toErasureView } from './erasure-records';
import { personNotFound, personOrderRows } from './person';
import { scrubberOf } from './scrub';

export interface ErasureRequest {
  requestedBy: 'CUSTOMER' | 'STAFF';
  /** The ADMIN carrying out a written request. */
  actor: { id: number; email: string | null } | null;
  note: string | null;
  ip: string | null;
  userAgent: string | null;
}

const refused = (code: string, message: string, details?: unknown) =>
  new ProductError('conflict', code, message, details);

type OrderRow = Awaited<ReturnType<typeof personOrderRows>>[number];

function ordersInProgress(open: OrderRow[], requestedBy: ErasureRequest['requestedBy']) {
  const list = open.map((order) => `№ ${order.number} (${ORDER_STATUS_LABELS[order.status]})`).join(', ');
  const how =
    requestedBy === 'CUSTOMER'
      ? 'Неоплаченный заказ можно отменить в кабинете; оплаченный бюро сначала выполнит или отменит с возвратом денег.'
      : 'Завершите их или отмените (оплаченные — с возвратом денег).';
  return refused('ORDERS_IN_PROGRESS', `Сначала завершите или отмените заказы: ${list}. ${how}`, {
    orders: open.map((order) => ({
      id: order.id,
      number: order.number,
      status: order.status,
      statusLabel: ORDER_STATUS_LABELS[order.status],
      canCancel: isCancellableByCustomer(order.status),
    })),
  });
}

/** The person's values to scrub out of free text: whatever they typed or were called. */
function valuesOf(
  person: typeof users.$inferSelect,
  orderRows: OrderRow[],
  extra: string[],
  quotes: string[],
) {
  const names = [person.firstName, person.lastName, person.username, ...orderRows.map((o) => o.name)];
  const words = names.flatMap((name) => (name ?? '').split(/\s+/)).filter((word) => word.length >= 3);
  return {
    texts: [
      person.email,
      [person.firstName, person.lastName].filter(Boolean).join(' '),
      ...names,
      ...words,
      ...orderRows.flatMap((o) => [o.email, o.address, o.comment]),
      ...extra,
    ],
    phones: [person.phoneNumber, ...orderRows.map((o) => o.phoneNumber)],
    quotes,
  };
}

/**
 * The person's own messages on their orders, each as written and as the office's notification
 * quoted it: notifications to staff hold their words, which no list of names would find.
 */
async function ownMessageQuotes(tx: Database, orderIds: readonly number[]): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const rows = await tx
    .select({ id: orderMessages.id, text: orderMessages.text, fileName: files.name })
    .from(orderMessages)
    .leftJoin(orderMessageFiles, eq(orderMessageFiles.messageId, orderMessages.id))
    .leftJoin(files, eq(files.id, orderMessageFiles.fileId))
    .where(and(inArray(orderMessages.orderId, [...orderIds]), eq(orderMessages.side, 'CUSTOMER')))
    .orderBy(orderMessages.id, orderMessageFiles.sortOrder);
  const messages = new Map<number, { text: string; names: string[] }>();
  for (const row of rows) {
    const message = messages.get(row.id) ?? { text: row.text, names: [] };
    if (row.fileName) message.names.push(row.fileName);
    messages.set(row.id, message);
  }
  return [...messages.values()].flatMap(({ text, names }) => [text, messageExcerpt(text, names)]);
}

/** The Telegram chats that followed the person's account or orders (their ids are theirs). */
async function chatIdsOf(tx: Database, userId: number, orderIds: readonly number[]): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ chatId: telegramSubscriptions.chatId })
    .from(telegramSubscriptions)
    .where(
      orderIds.length > 0
        ? or(eq(telegramSubscriptions.userId, userId), inArray(telegramSubscriptions.orderId, [...orderIds]))
        : eq(telegramSubscriptions.userId, userId),
    );
  return rows.map((row) => row.chatId);
}

export async function erasePersonalData(
  ctx: AppContext,
  userId: number,
  request: ErasureRequest,
): Promise<ErasureView> {
  const at = new Date();
  const { erasure } = await ctx.db.transaction(async (tx) => {
    const [person] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!person) throw personNotFound();
    if (person.erasedAt)
      throw refused('ALREADY_ERASED', `Персональные данные уже удалены ${formatDate(person.erasedAt)}`);
    if (person.role !== 'USER')
      throw refused(
        'STAFF_ACCOUNT',
        'Это учётная запись сотрудника: его данные обрабатываются по трудовому договору. Сначала смените роль на «Клиент»',
      );
    const orderRows = await personOrderRows(tx, person);
    const open = orderRows.filter((order) => !TERMINAL.includes(order.status));
    if (open.length > 0) throw ordersInProgress(open, request.requestedBy);

    const orderIds = orderRows.map((order) => order.id);
    const linked = orderIds.length
      ? tx.select({ id: orderFiles.fileId }).from(orderFiles).where(inArray(orderFiles.orderId, orderIds))
      : undefined;
    // Scans, the conversations' files and the finished translation: what the retention removes.
    const scans = await tx
      .select({ id: files.id, name: files.name, orderId: files.orderId, kind: files.kind })
      .from(files)
      .where(
        and(
          inArray(files.kind, RETAINED_KINDS),
          or(
            eq(files.ownerUserId, person.id),
            orderIds.length ? inArray(files.orderId, orderIds) : undefined,
            linked ? inArray(files.id, linked) : undefined,
          ),
        ),
      );
    const scannedOrders = linked
      ? await tx
          .selectDistinct({ orderId: orderFiles.orderId })
          .from(orderFiles)
          .where(inArray(orderFiles.orderId, orderIds))
      : [];
    const signers = await tx
      .select({ name: organizations.signerName })
      .from(organizations)
      .where(eq(organizations.userId, person.id));
    const scope: ErasureScope = {
      userId: person.id,
      orderIds,
      emails: [
        ...new Set(
          [person.email, ...orderRows.map((order) => order.email)]
            .filter((email): email is string => !!email)
            .map((email) => email.trim().toLowerCase()),
        ),
      ],
      at,
    };
    const scrub = scrubberOf(
      valuesOf(
        person,
        orderRows,
        [
          ...scans.map((scan) => scan.name),
          ...signers.map((signer) => signer.name ?? ''),
          person.telegramId ?? '',
          ...(await chatIdsOf(tx, person.id, orderIds)),
        ],
        await ownMessageQuotes(tx, orderIds),
      ),
    );

    // Free text first, while the rows that say whose it is are still there.
    await scrubFreeText(tx, scope, scrub);
    await eraseConversations(tx, scope, scrub);
    await scrubQueuedTasks(tx, scope, scrub);
    await endFollowing(tx, scope);
    await eraseAuthorship(tx, scope);
    await eraseOrders(tx, scope, [
      ...new Set([
        ...scannedOrders.map((row) => row.orderId),
        ...scans.map((scan) => scan.orderId).filter((id): id is number => id !== null),
      ]),
    ]);
    const keys = await deleteScans(
      tx,
      scope,
      scans.map((scan) => scan.id),
    );
    await withdrawConsents(tx, scope);
    await deleteAccountRows(tx, scope);
    await eraseAccount(tx, scope);
    const [row] = await tx
      .insert(personalDataErasures)
      .values({
        userId: person.id,
        requestedBy: request.requestedBy,
        actorUserId: request.actor?.id ?? null,
        actorEmail: request.actor?.email ?? null,
        note: request.note?.trim() || null,
        ip: request.ip,
        userAgent: request.userAgent?.slice(0, 500) ?? null,
        orders: orderIds.length,
        scans: scans.filter((scan) => scan.kind === 'ORDER_DOCUMENT').length,
        pendingKeys: keys,
        filesRemovedAt: keys.length === 0 ? at : null,
        createdAt: at,
      })
      .returning();
    if (!row) throw new Error('erasure insert returned no row');
    if (keys.length > 0)
      await sendInTransaction(
        tx,
        'personal-data',
        { name: 'remove-erased-files', erasureId: row.id },
        REMOVE_ERASED_FILES_OPTIONS,
      );
    return { erasure: row };
  });
  if (erasure.pendingKeys.length === 0) return toErasureView(erasure);
  // Now, after the commit. A storage failure is not the request's: the queued task retries it
  // (without the queue, in the embedded tests, the daily orphan sweep would find the bytes).
  await removeErasedFiles(ctx, erasure.id).catch(() => undefined);
  const [now] = await ctx.db
    .select()
    .from(personalDataErasures)
    .where(eq(personalDataErasures.id, erasure.id));
  return toErasureView(now ?? erasure);
}
