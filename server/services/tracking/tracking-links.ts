/**
 * An order's tracking link, /track/{token} (docs/decisions/0051). The token is random and says
 * nothing by itself: it is the HMAC of a random nonce under the server's key, so the database
 * alone cannot make one, the server can make it again for every message about the order, and a
 * visitor's token is found by its sha256. An order has one live link at a time; staff revoke it
 * (it leaked) and the next message carries a new one. A link works until 30 days after its
 * order is completed or cancelled.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { TRACKING_LINK_DAYS_AFTER_CLOSING } from '../../../src/domain/tracking';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { orders, telegramSubscriptions, trackingLinks } from '../../db/schema';
import { ProductError } from '../../errors';

export const tokenOf = (key: Buffer, nonce: string) =>
  createHmac('sha256', key).update(`tracking-link:${nonce}`).digest('base64url');

export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export const trackingPath = (token: string) => `/track/${token}`;

export const linkExpired = () =>
  new ProductError(
    'gone',
    'LINK_EXPIRED',
    'Ссылка больше не действует. Найдите заказ по номеру и телефону или войдите в личный кабинет.',
  );

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When the order closed (completed or cancelled): its last move into the status it is in, as the
 * scans' retention counts it; null while it is open. The columns are named with their table:
 * Drizzle writes a one-table select's columns bare, and inside the subquery a bare "id" would be
 * the history row's own.
 */
export const closedAtSql = sql<Date | null>`case when "orders"."status" in ('COMPLETED', 'CANCELLED')
  then coalesce((select max(h.created_at) from order_status_history h
    where h.order_id = "orders"."id" and h.status = "orders"."status"), "orders"."updated_at") end`.mapWith(
  (value: Date | string) => new Date(value),
);

/** When links of an order closed at `closedAt` stop working; null while it is open. */
export function linkExpiresAt(closedAt: Date | string | null): Date | null {
  if (closedAt === null) return null;
  return new Date(new Date(closedAt).getTime() + TRACKING_LINK_DAYS_AFTER_CLOSING * DAY_MS);
}

export const isLinkExpired = (closedAt: Date | string | null, now = new Date()) => {
  const expires = linkExpiresAt(closedAt);
  return expires !== null && expires.getTime() <= now.getTime();
};

/** A new link's stored parts and its token, for an order written in one statement (write-order.ts). */
export function newLink(key: Buffer): { nonce: string; tokenHash: string; token: string } {
  const nonce = randomBytes(32).toString('base64url');
  const token = tokenOf(key, nonce);
  return { nonce, tokenHash: tokenHashOf(token), token };
}

export interface LiveLink {
  id: number;
  token: string;
  createdAt: Date;
}

/**
 * The order's live link, made when it has none, through the executor (an order's transaction or
 * the server's database). Two callers making the first link at once get the same one.
 */
export async function liveLink(executor: Database, key: Buffer, orderId: number): Promise<LiveLink> {
  const read = async () => {
    const [row] = await executor
      .select({ id: trackingLinks.id, nonce: trackingLinks.nonce, createdAt: trackingLinks.createdAt })
      .from(trackingLinks)
      .where(and(eq(trackingLinks.orderId, orderId), isNull(trackingLinks.revokedAt)));
    return row ? { id: row.id, token: tokenOf(key, row.nonce), createdAt: row.createdAt } : undefined;
  };
  const existing = await read();
  if (existing) return existing;
  const { nonce, tokenHash } = newLink(key);
  await executor.insert(trackingLinks).values({ orderId, nonce, tokenHash }).onConflictDoNothing();
  const made = await read();
  if (!made) throw new Error(`tracking link of order ${orderId} was not written`);
  return made;
}

/**
 * The absolute address of the order's live link for a message about it (mail, push, Telegram), or
 * null when links of the order have expired (closed more than 30 days ago) or the order is gone.
 */
/**
 * What a statement about an order reads (from "orders", unaliased) to give the order's tracking
 * link without a trip of its own: when the order closed, and its live link's nonce (null when it
 * has none yet).
 */
export const trackingLinkRead = sql`${closedAtSql} as link_closed_at,
  (select ${trackingLinks.nonce} from ${trackingLinks}
    where ${trackingLinks.orderId} = "orders"."id" and ${trackingLinks.revokedAt} is null) as link_nonce`;

export interface TrackingLinkRead {
  link_closed_at: Date | string | null;
  link_nonce: string | null;
}

/** The link's address from what `trackingLinkRead` read; a link is made only when the order has none. */
export async function trackingUrlOf(
  db: Database,
  key: Buffer,
  publicUrl: string,
  orderId: number,
  read: TrackingLinkRead,
  now = new Date(),
): Promise<string | null> {
  if (isLinkExpired(read.link_closed_at, now)) return null;
  const token =
    read.link_nonce === null ? (await liveLink(db, key, orderId)).token : tokenOf(key, read.link_nonce);
  return `${publicUrl}${trackingPath(token)}`;
}

const linkOfOrder = preparedStatement<{ orderId: number }, TrackingLinkRead>(
  'tracking_link_of_order',
  (value) => sql`select ${trackingLinkRead} from ${orders} where "orders"."id" = ${value('orderId')}::int`,
);

export async function trackingUrlFor(
  db: Database,
  key: Buffer,
  publicUrl: string,
  orderId: number,
  now = new Date(),
): Promise<string | null> {
  const [order] = await linkOfOrder.rows(db, { orderId });
  return order ? trackingUrlOf(db, key, publicUrl, orderId, order, now) : null;
}

/** The link a visitor's token names, or null: unknown, whatever it looks like. */
export async function linkOfToken(db: Database, token: string) {
  const [link] = await db
    .select({ id: trackingLinks.id, orderId: trackingLinks.orderId, revokedAt: trackingLinks.revokedAt })
    .from(trackingLinks)
    .where(eq(trackingLinks.tokenHash, tokenHashOf(token)));
  return link ?? null;
}

/** What the staff's order card says of following the order: its link and its Telegram chats. */
export interface OrderTracking {
  trackingUrl: string | null;
  linkCreatedAt: string | null;
  linkExpiresAt: string | null;
  revokedLinks: number;
  telegramChats: number;
  telegramSince: string | null;
}

export async function revokedLinkCount(db: Database, orderId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(trackingLinks)
    .where(and(eq(trackingLinks.orderId, orderId), isNotNull(trackingLinks.revokedAt)));
  return row?.n ?? 0;
}

/**
 * Revokes the order's live link in the executor's transaction; the Telegram chats linked through
 * it stop getting the order's updates (those linked to the customer's account keep them).
 */
export async function revokeLiveLink(
  tx: Database,
  orderId: number,
  by: { id: number; email: string | null },
): Promise<void> {
  const revoked = await tx
    .update(trackingLinks)
    .set({ revokedAt: new Date(), revokedByUserId: by.id, revokedByEmail: by.email })
    .where(and(eq(trackingLinks.orderId, orderId), isNull(trackingLinks.revokedAt)))
    .returning({ id: trackingLinks.id });
  for (const link of revoked) {
    await tx.delete(telegramSubscriptions).where(eq(telegramSubscriptions.trackingLinkId, link.id));
  }
}
