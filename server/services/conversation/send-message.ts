/**
 * A message of an order's conversation, from its customer (POST /api/user/orders/{id}/messages) or
 * from the office (POST /api/order/{id}/messages): text up to 4,000 characters and up to 5 files,
 * each checked as an upload (a customer's also against the address's megabytes an hour). One
 * transaction writes the message, its files, and what it sets off:
 * - from the bureau: the customer's notification with its push at once, and a `message-mail`
 *   task due 15 minutes later that mails the message only if it is still unread then
 *   (message-mail.ts), and a word to the Telegram chats following the order (without the text);
 * - from the customer: a notification to the office's managers; the list's badge, the card and
 *   the monitor count it as unread until someone of the office reads it.
 * An Idempotency-Key (the outbox's, scoped to the sender) makes a repeat answer the message
 * already written, so a message queued offline and replayed after a lost answer is written once.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  MESSAGE_FILES_MAX,
  MESSAGE_MAIL_DELAY_MINUTES,
  type MessageSide,
  messageProblem,
  tooManyMessageFiles,
} from '../../../src/domain/order-messages';
import type { AppContext } from '../../app-context';
import type { SignedInUser } from '../../auth/tokens';
import { files, idempotencyKeys, orderMessageFiles, orderMessages, orders } from '../../db/schema';
import { ProductError } from '../../errors';
import { sendInTransaction } from '../../queue/transaction';
import { notifyManagers } from '../documents/notify';
import {
  discardFiles,
  documentRows,
  type IncomingForm,
  type PlacedFile,
  placeReceivedFiles,
  receiveOrderDocuments,
} from '../documents/uploads';
import { notifyOrderCustomer } from '../notifications/notifications';
import { claimIdempotencyKey } from '../orders/idempotency-key';
import { queueTelegram } from '../telegram/send-telegram';
import { type ConversationReader, orderOfSide } from './order-access';
import { messageFor, type OrderMessage, type OrderThread, threadOf } from './thread';

const KEY_REUSED = 'Этот ключ уже использован для другого сообщения: отправьте его с новым ключом';

/** pg-boss retries the mail's task after a failure; its claim (mailedAt) keeps it to one mail. */
export const MESSAGE_MAIL_OPTIONS = { retryLimit: 5, retryDelay: 30, retryBackoff: true } as const;

export interface MessageSender {
  side: MessageSide;
  user: SignedInUser;
}

const readerOf = (sender: MessageSender): ConversationReader =>
  sender.side === 'CUSTOMER' ? { side: 'CUSTOMER', user: sender.user } : { side: 'BUREAU' };

/**
 * A message's text in a notification: the start of it, or the names of its files. The erasure
 * finds a customer's words quoted in the office's notifications by it.
 */
export function messageExcerpt(text: string, fileNames: readonly string[]): string {
  if (!text) return `Файлы: ${fileNames.join(', ')}`;
  return text.length > 140 ? `${text.slice(0, 139)}…` : text;
}

const excerpt = (text: string, placed: readonly PlacedFile[]) =>
  messageExcerpt(
    text,
    placed.map((file) => file.name),
  );

function refused(message: string, path: string): ProductError {
  return new ProductError('refused', 'VALIDATION_ERROR', message, [{ path, message }]);
}

export async function sendMessage(
  ctx: AppContext,
  form: IncomingForm,
  sender: MessageSender,
  orderId: number,
  idempotencyKey: string | undefined,
): Promise<{ message: OrderMessage; thread: OrderThread; replayed: boolean }> {
  // Refused before a byte is read: someone else's order (404).
  await orderOfSide(ctx.db, readerOf(sender), orderId);
  const received = await receiveOrderDocuments(ctx, form, sender.side === 'CUSTOMER', {
    allowNone: true,
    most: { files: MESSAGE_FILES_MAX, refused: () => refused(tooManyMessageFiles(), '/body/files') },
  });
  const text = (form.fields().text ?? '').trim();
  const problem = messageProblem(text, received.length);
  if (problem) {
    await discardFiles(ctx, received);
    throw refused(problem, '/body/text');
  }
  const placed = await placeReceivedFiles(ctx, received);
  const key = idempotencyKey && `order-message:${sender.side}:${sender.user.id}:${idempotencyKey}`;
  const hash = createHash('sha256')
    .update(JSON.stringify([orderId, text, ...placed.map((file) => [file.name, file.sha256])]))
    .digest('hex');
  let written: { row: typeof orderMessages.$inferSelect; replayed: boolean };
  try {
    written = await ctx.db.transaction(async (tx) => {
      if (key && !(await claimIdempotencyKey(tx, key, hash, KEY_REUSED)).fresh) {
        const [earlier] = await tx.select().from(orderMessages).where(eq(orderMessages.idempotencyKey, key));
        if (earlier) return { row: earlier, replayed: true };
      }
      const order = await orderOfSide(tx, readerOf(sender), orderId, true);
      const [row] = await tx
        .insert(orderMessages)
        .values({
          orderId,
          side: sender.side,
          text,
          authorUserId: sender.user.id,
          authorEmail: sender.user.email,
          idempotencyKey: key || null,
        })
        .returning();
      if (!row) throw new Error('the message was not written');
      if (placed.length > 0) {
        await tx.insert(files).values(documentRows(placed, sender.user.id, orderId, 'MESSAGE_FILE'));
        await tx
          .insert(orderMessageFiles)
          .values(placed.map((file, index) => ({ messageId: row.id, fileId: file.id, sortOrder: index })));
      }
      await tx.update(orders).set({ updatedAt: row.createdAt }).where(eq(orders.id, orderId));
      // The key goes with the order when an ADMIN deletes it, as an order's own keys do.
      if (key) await tx.update(idempotencyKeys).set({ orderId }).where(eq(idempotencyKeys.key, key));
      if (sender.side === 'BUREAU') {
        await notifyOrderCustomer(tx, orderId, {
          type: 'MESSAGE',
          title: `Сообщение от бюро по заказу № ${order.number}`,
          body: excerpt(text, placed),
          url: `/cabinet/orders/${orderId}#order-messages`,
        });
        await sendInTransaction(
          tx,
          'notification-tasks',
          { name: 'message-mail', orderId, messageId: row.id },
          { ...MESSAGE_MAIL_OPTIONS, startAfter: MESSAGE_MAIL_DELAY_MINUTES * 60 },
        );
        await queueTelegram(tx, orderId, { event: 'message' });
      } else {
        await notifyManagers(tx, {
          type: 'MESSAGE',
          title: `Клиент написал по заказу № ${order.number}`,
          body: excerpt(text, placed),
          orderId,
        });
      }
      return { row, replayed: false };
    });
  } catch (error) {
    await discardFiles(ctx, received, placed);
    throw error;
  }
  // A repeat writes nothing: the copies it brought go.
  if (written.replayed) await discardFiles(ctx, received, placed);
  return {
    message: await messageFor(ctx.db, written.row, sender.side),
    thread: await threadOf(ctx.db, orderId, sender.side),
    replayed: written.replayed,
  };
}
