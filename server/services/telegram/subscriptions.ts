/**
 * Which Telegram chats get an order's updates: those linked to the order (from its success or
 * tracking page) and those linked to its customer's account (from the cabinet), each chat once.
 * Linking a chat by its one-time start token, and unlinking it (/stop, a blocked bot).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderEvents, telegramStartTokens, telegramSubscriptions } from '../../db/schema';
import { findOrderCustomer } from '../notifications/notifications';

/** How long a «Получать статусы в Telegram» link may wait for its «Start». */
export const START_TOKEN_HOURS = 24;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Chats of the order, and of its customer's account, with when each was linked. */
export async function chatsOfOrder(
  executor: Database,
  orderId: number,
): Promise<{ chatId: string; since: Date }[]> {
  const customer = await findOrderCustomer(executor, orderId);
  const rows = await executor
    .select({ chatId: telegramSubscriptions.chatId, since: telegramSubscriptions.createdAt })
    .from(telegramSubscriptions)
    .where(
      customer === null
        ? eq(telegramSubscriptions.orderId, orderId)
        : or(eq(telegramSubscriptions.orderId, orderId), eq(telegramSubscriptions.userId, customer)),
    );
  const earliest = new Map<string, Date>();
  for (const row of rows) {
    const known = earliest.get(row.chatId);
    if (!known || row.since < known) earliest.set(row.chatId, row.since);
  }
  return [...earliest].map(([chatId, since]) => ({ chatId, since }));
}

/** A new one-time start token for an order (through its tracking link) or an account. */
export async function newStartToken(
  db: Database,
  target: { orderId: number; trackingLinkId: number } | { userId: number },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + START_TOKEN_HOURS * 60 * 60 * 1000);
  await db.insert(telegramStartTokens).values({ tokenHash: hashOf(token), expiresAt, ...target });
  // Tokens nobody used are of no further use: cleared as new ones are made.
  await db
    .delete(telegramStartTokens)
    .where(sql`${telegramStartTokens.expiresAt} < ${now.toISOString()}::timestamptz - interval '7 days'`);
  return { token, expiresAt };
}

export type Linked = { kind: 'order'; orderId: number } | { kind: 'account'; userId: number };

/**
 * Links the chat by a start token, once: the token is spent in the same statement that reads it,
 * so two «Start» presses link one chat. Null: unknown, used or past its 24 hours.
 */
export async function linkChat(
  db: Database,
  chatId: string,
  token: string,
  now = new Date(),
): Promise<Linked | null> {
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(telegramStartTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(telegramStartTokens.tokenHash, hashOf(token)),
          isNull(telegramStartTokens.usedAt),
          gt(telegramStartTokens.expiresAt, now),
        ),
      )
      .returning();
    if (!spent) return null;
    if (spent.orderId !== null) {
      await tx
        .insert(telegramSubscriptions)
        .values({ chatId, orderId: spent.orderId, trackingLinkId: spent.trackingLinkId })
        .onConflictDoNothing();
      await tx.insert(orderEvents).values({
        orderId: spent.orderId,
        eventType: 'telegram-linked',
        success: true,
        payload: { via: 'tracking-link' },
      });
      return { kind: 'order', orderId: spent.orderId };
    }
    const userId = spent.userId as number;
    await tx.insert(telegramSubscriptions).values({ chatId, userId }).onConflictDoNothing();
    return { kind: 'account', userId };
  });
}

/** The chat gets nothing any more (/stop, or Telegram says the bot was blocked). */
export async function unlinkChat(db: Database, chatId: string): Promise<number> {
  const removed = await db
    .delete(telegramSubscriptions)
    .where(eq(telegramSubscriptions.chatId, chatId))
    .returning({ id: telegramSubscriptions.id });
  return removed.length;
}

/** What the chat follows: orders linked to it and accounts linked to it. */
export async function followedBy(db: Database, chatId: string) {
  const rows = await db
    .select({ orderId: telegramSubscriptions.orderId, userId: telegramSubscriptions.userId })
    .from(telegramSubscriptions)
    .where(eq(telegramSubscriptions.chatId, chatId));
  return {
    orderIds: rows.flatMap((row) => (row.orderId === null ? [] : [row.orderId])),
    userIds: rows.flatMap((row) => (row.userId === null ? [] : [row.userId])),
  };
}

/** Chats linked to the account. */
export async function accountChats(db: Database, userId: number): Promise<number> {
  const rows = await db
    .select({ id: telegramSubscriptions.id })
    .from(telegramSubscriptions)
    .where(eq(telegramSubscriptions.userId, userId));
  return rows.length;
}

export async function unlinkAccount(db: Database, userId: number): Promise<void> {
  await db.delete(telegramSubscriptions).where(eq(telegramSubscriptions.userId, userId));
}
