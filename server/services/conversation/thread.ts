/**
 * An order's conversation as one side reads it: every message oldest first with its files, and
 * how many of the other side's messages this side has not read. The office reads who of the staff
 * wrote each message; the customer reads «Бюро переводов», never a staff member's address. Read
 * marks are set only by the explicit read call (markRead): opening a thread in the background (a
 * refresh, a cached screen) must not stop the mail of a message nobody has seen.
 */
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import type { MessageSide } from '../../../src/domain/order-messages';
import type { Database } from '../../db/client';
import { files, orderMessageFiles, orderMessages } from '../../db/schema';

export type OrderThread = components['schemas']['OrderThread'];
export type OrderMessage = components['schemas']['OrderMessage'];
type MessageRow = typeof orderMessages.$inferSelect;

const otherSide = (side: MessageSide): MessageSide => (side === 'CUSTOMER' ? 'BUREAU' : 'CUSTOMER');

/** The messages' files in their order, by message id. */
async function filesOf(db: Database, messageIds: readonly number[]) {
  const byMessage = new Map<number, OrderMessage['files']>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select({
      messageId: orderMessageFiles.messageId,
      id: files.id,
      name: files.name,
      size: files.size,
      type: files.mime,
    })
    .from(orderMessageFiles)
    .innerJoin(files, eq(files.id, orderMessageFiles.fileId))
    .where(inArray(orderMessageFiles.messageId, [...messageIds]))
    .orderBy(asc(orderMessageFiles.sortOrder));
  for (const { messageId, ...file } of rows) {
    byMessage.set(messageId, [
      ...(byMessage.get(messageId) ?? []),
      { ...file, url: `/api/files/${file.id}` },
    ]);
  }
  return byMessage;
}

function toMessage(row: MessageRow, reader: MessageSide, attached: OrderMessage['files']): OrderMessage {
  return {
    id: row.id,
    side: row.side,
    text: row.text,
    files: attached,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    authorEmail: reader === 'BUREAU' ? row.authorEmail : null,
  };
}

/** One message as `reader` sees it. */
export async function messageFor(db: Database, row: MessageRow, reader: MessageSide): Promise<OrderMessage> {
  const attached = await filesOf(db, [row.id]);
  return toMessage(row, reader, attached.get(row.id) ?? []);
}

/** The whole thread of the order as `reader` sees it. Callers check who may read it first. */
export async function threadOf(db: Database, orderId: number, reader: MessageSide): Promise<OrderThread> {
  const rows = await db
    .select()
    .from(orderMessages)
    .where(eq(orderMessages.orderId, orderId))
    .orderBy(asc(orderMessages.createdAt), asc(orderMessages.id));
  const attached = await filesOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    orderId,
    messages: rows.map((row) => toMessage(row, reader, attached.get(row.id) ?? [])),
    unread: rows.filter((row) => row.side !== reader && row.readAt === null).length,
  };
}

/**
 * `reader` has seen the thread up to message `upToId`: the other side's messages up to it are read
 * from now on. Saying it again, or for messages already read, changes nothing.
 */
export async function markRead(
  db: Database,
  orderId: number,
  reader: MessageSide,
  upToId: number,
  now = new Date(),
): Promise<OrderThread> {
  await db
    .update(orderMessages)
    .set({ readAt: now })
    .where(
      and(
        eq(orderMessages.orderId, orderId),
        eq(orderMessages.side, otherSide(reader)),
        lte(orderMessages.id, upToId),
        isNull(orderMessages.readAt),
      ),
    );
  return threadOf(db, orderId, reader);
}
