/**
 * Orders the outbox sent after they had to wait (offline, server busy): the user left the success
 * page long ago, so the app tells them the number — a notice in the shell while a page is open,
 * a system notification from the service worker when none is. No React or DOM: both sides use it.
 */
import type { AppDatabase, OutboxEntry } from '../db/schema';
import { formatRubles } from '../domain/format';
import { placedDiscountText } from '../domain/promo';
import { ORDER_OPERATION } from './kinds';
import type { OrderResult } from './orders';

/** meta key holding the ids of accepted orders the user has already been told about. */
export const ACCEPTED_SEEN_KEY = 'outbox-accepted-seen';
/** Only the latest ids are kept: old entries are not shown again anyway (see ACCEPTED_NEWS_MS). */
const SEEN_LIMIT = 50;
/** An order accepted longer ago than this is old news, not a notice. */
export const ACCEPTED_NEWS_MS = 7 * 24 * 60 * 60 * 1000;

export interface AcceptedOrder {
  entryId: string;
  result: OrderResult;
  acceptedAt: number;
}

export function acceptedText(result: OrderResult): { title: string; body: string } {
  return {
    title: `Заказ № ${result.number} принят`,
    body: `Заказ, сохранённый без связи, отправлен. Сумма: ${formatRubles(result.amount)}${
      result.promoCode ? ` — со скидкой ${placedDiscountText(result)} по промокоду ${result.promoCode}` : ''
    }.`,
  };
}

/** An order (not a partner's status change) sent after at least one failed try (a first-try send ends on the success page), not yet seen. */
export function isAcceptedNews(entry: OutboxEntry, seen: readonly string[], now: number): boolean {
  return (
    entry.operation === ORDER_OPERATION &&
    entry.status === 'sent' &&
    entry.attempts > 0 &&
    Boolean(entry.result) &&
    now - entry.updatedAt < ACCEPTED_NEWS_MS &&
    !seen.includes(entry.id)
  );
}

export async function seenAccepted(db: AppDatabase): Promise<string[]> {
  const value = (await db.meta.get(ACCEPTED_SEEN_KEY))?.value;
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
}

export async function acceptedNews(db: AppDatabase, now = Date.now()): Promise<AcceptedOrder[]> {
  const seen = await seenAccepted(db);
  const sent = await db.outbox.where('status').equals('sent').toArray();
  return sent
    .filter((entry) => isAcceptedNews(entry, seen, now))
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .map((entry) => ({
      entryId: entry.id,
      result: entry.result as OrderResult,
      acceptedAt: entry.updatedAt,
    }));
}

/** The user has been told (notice closed, or the worker's notification shown). */
export async function markAcceptedSeen(db: AppDatabase, entryIds: readonly string[], now = Date.now()) {
  if (entryIds.length === 0) return;
  await db.transaction('rw', db.meta, async () => {
    const seen = await seenAccepted(db);
    const next = [...new Set([...seen, ...entryIds])].slice(-SEEN_LIMIT);
    await db.meta.put({ key: ACCEPTED_SEEN_KEY, value: next, updatedAt: now });
  });
}
