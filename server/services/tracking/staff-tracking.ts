/**
 * The staff's order card on following the order: its live tracking link (to read to a customer on
 * the phone), when it expires, and whether the customer gets the order's updates in Telegram; and
 * the revocation of a link that leaked, which makes a new one at once.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { SignedInUser } from '../../auth/tokens';
import { orders } from '../../db/schema';
import { notFound, ProductError } from '../../errors';
import { chatsOfOrder } from '../telegram/subscriptions';
import {
  closedAtSql,
  isLinkExpired,
  linkExpiresAt,
  liveLink,
  type OrderTracking,
  revokedLinkCount,
  revokeLiveLink,
  trackingPath,
} from './tracking-links';

async function closedAtOf(ctx: AppContext, orderId: number) {
  const [order] = await ctx.db.select({ closedAt: closedAtSql }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Заказ не найден');
  return order.closedAt;
}

export async function orderTracking(
  ctx: AppContext,
  orderId: number,
  now = new Date(),
): Promise<OrderTracking> {
  const closedAt = await closedAtOf(ctx, orderId);
  const link = isLinkExpired(closedAt, now) ? null : await liveLink(ctx.db, ctx.keys.trackingLink, orderId);
  const chats = await chatsOfOrder(ctx.db, orderId);
  const since = chats.reduce<Date | null>(
    (first, chat) => (!first || chat.since < first ? chat.since : first),
    null,
  );
  return {
    trackingUrl: link ? `${ctx.config.publicUrl}${trackingPath(link.token)}` : null,
    linkCreatedAt: link?.createdAt.toISOString() ?? null,
    linkExpiresAt: link ? (linkExpiresAt(closedAt)?.toISOString() ?? null) : null,
    revokedLinks: await revokedLinkCount(ctx.db, orderId),
    telegramChats: chats.length,
    telegramSince: since?.toISOString() ?? null,
  };
}

export async function revokeOrderTracking(
  ctx: AppContext,
  actor: SignedInUser,
  orderId: number,
  now = new Date(),
): Promise<OrderTracking> {
  if (isLinkExpired(await closedAtOf(ctx, orderId), now)) {
    throw new ProductError(
      'conflict',
      'CONFLICT',
      'Заказ закрыт больше 30 дней назад — ссылка для отслеживания ему больше не нужна',
    );
  }
  await ctx.db.transaction(async (tx) => {
    await revokeLiveLink(tx, orderId, { id: actor.id, email: actor.email });
    await liveLink(tx, ctx.keys.trackingLink, orderId);
  });
  return orderTracking(ctx, orderId, now);
}
