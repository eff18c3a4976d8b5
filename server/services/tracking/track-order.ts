/**
 * «Где мой заказ?» without signing in: an order found by its number and the phone or email given
 * with it, or by its tracking link. A wrong number, a wrong contact and an unknown order must not
 * be told apart, by the answer or by its time: each does the same work — one hit on the limits,
 * one read of the order by number (a row or none), both hash comparisons — and throws the same
 * error. Failed tries are limited per client address and per order number; a found order hands
 * its hits back, so a customer who checks often never meets the limit.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { normalizePhone } from '../../../src/domain/phone';
import {
  normalizeOrderNumber,
  ORDER_NUMBER_ERROR,
  TRACKING_CONTACT_ERROR,
  trackingContact,
} from '../../../src/domain/tracking';
import type { AppContext } from '../../app-context';
import { forgiveHits, hit, type RateLimit } from '../../auth/rate-limits';
import { orders } from '../../db/schema';
import { ProductError } from '../../errors';
import { type TrackedOrder, toTrackedOrder } from './tracked-order';
import { closedAtSql, isLinkExpired, linkExpired, linkOfToken, liveLink } from './tracking-links';

const HOUR = 60 * 60;

const NOT_FOUND_MESSAGE =
  'Заказ не найден. Проверьте номер заказа и телефон или email, указанные при оформлении.';

const notTracked = () => new ProductError('not-found', 'NOT_FOUND', NOT_FOUND_MESSAGE);

const invalid = (field: 'number' | 'contact', message: string) =>
  new ProductError('validation', 'VALIDATION_ERROR', message, [{ path: `/query/${field}`, message }]);

/** sha256 of a contact as compared: kind and value, so a phone never equals an email. */
const digest = (kind: string, value: string) => createHash('sha256').update(`${kind}:${value}`).digest();

function trackLimits(ctx: AppContext, address: string, number: string): RateLimit[] {
  const limit = ctx.config.limits.trackFailuresPerHour;
  const message = (wait: string) =>
    `Слишком много неудачных попыток найти заказ. Повторите через ${wait} или войдите в личный кабинет.`;
  return [
    { key: `track:address:${address}`, limit, windowSeconds: HOUR, message },
    { key: `track:number:${number}`, limit, windowSeconds: HOUR, message },
  ];
}

export async function trackByNumber(
  ctx: AppContext,
  query: { number: string; contact: string },
  clientAddress: string,
  now = new Date(),
): Promise<TrackedOrder> {
  const number = normalizeOrderNumber(query.number);
  if (!number) throw invalid('number', ORDER_NUMBER_ERROR);
  const contact = trackingContact(query.contact);
  if (!contact) throw invalid('contact', TRACKING_CONTACT_ERROR);
  const limits = trackLimits(ctx, clientAddress, number);
  await hit(ctx.db, limits, now);

  const [row] = await ctx.db
    .select({ order: orders, closedAt: closedAtSql })
    .from(orders)
    .where(eq(orders.number, number));
  // Both comparisons always, against an order or against nothing: the same work either way.
  const given = digest(contact.kind, contact.value);
  const byPhone = timingSafeEqual(given, digest('phone', normalizePhone(row?.order.phoneNumber ?? '')));
  const byEmail = timingSafeEqual(given, digest('email', (row?.order.email ?? '').trim().toLowerCase()));
  const matches = (Number(byPhone) | Number(byEmail)) === 1;
  if (!row || !matches || isLinkExpired(row.closedAt, now)) throw notTracked();

  await forgiveHits(
    ctx.db,
    limits.map((limit) => limit.key),
  );
  const link = await liveLink(ctx.db, ctx.keys.trackingLink, row.order.id);
  return toTrackedOrder(ctx, row.order, row.closedAt, link.token);
}

export async function trackByToken(ctx: AppContext, token: string, now = new Date()): Promise<TrackedOrder> {
  const { order, closedAt } = await orderOfLink(ctx, token, now);
  return toTrackedOrder(ctx, order, closedAt, token);
}

/** The order a tracking link opens; 404 for an unknown token, 410 for a revoked or expired link. */
export async function orderOfLink(ctx: AppContext, token: string, now = new Date()) {
  const link = await linkOfToken(ctx.db, token);
  if (!link) throw new ProductError('not-found', 'NOT_FOUND', 'Ссылка для отслеживания заказа не найдена.');
  if (link.revokedAt) throw linkExpired();
  const [row] = await ctx.db
    .select({ order: orders, closedAt: closedAtSql })
    .from(orders)
    .where(eq(orders.id, link.orderId));
  if (!row) throw new ProductError('not-found', 'NOT_FOUND', 'Ссылка для отслеживания заказа не найдена.');
  if (isLinkExpired(row.closedAt, now)) throw linkExpired();
  return { link, order: row.order, closedAt: row.closedAt };
}
