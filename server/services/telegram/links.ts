/**
 * «Получать статусы в Telegram»: the link to the bot with a one-time start token, from the success
 * and tracking pages (for the order the tracking link opens) and from the cabinet (for the whole
 * account); the cabinet's view of the account's chats and its «turn off».
 */
import type { components } from '../../../src/api/schema.gen';
import type { AppContext } from '../../app-context';
import type { SignedInUser } from '../../auth/tokens';
import { ProductError } from '../../errors';
import { orderOfLink } from '../tracking/track-order';
import type { TelegramBot } from './bot';
import { accountChats, newStartToken, unlinkAccount } from './subscriptions';

type TelegramLink = components['schemas']['TelegramLink'];
type TelegramStatus = components['schemas']['TelegramStatus'];

const notConfigured = () =>
  new ProductError('unavailable', 'NOT_CONFIGURED', 'Уведомления в Telegram не настроены');

const telegramDown = () =>
  new ProductError(
    'unavailable',
    'SERVICE_UNAVAILABLE',
    'Telegram сейчас не отвечает. Попробуйте через минуту.',
  );

function botOf(ctx: AppContext): TelegramBot {
  if (!ctx.telegram) throw notConfigured();
  return ctx.telegram;
}

async function botLink(bot: TelegramBot, start: { token: string; expiresAt: Date }): Promise<TelegramLink> {
  const username = await bot.username().catch(() => {
    throw telegramDown();
  });
  return { url: `https://t.me/${username}?start=${start.token}`, expiresAt: start.expiresAt.toISOString() };
}

export async function telegramLinkForTrackedOrder(ctx: AppContext, token: string): Promise<TelegramLink> {
  // The link first: a stranger's token is not found, whatever the bureau has set up.
  const { link, order } = await orderOfLink(ctx, token);
  const bot = botOf(ctx);
  return botLink(bot, await newStartToken(ctx.db, { orderId: order.id, trackingLinkId: link.id }));
}

export async function telegramLinkForAccount(ctx: AppContext, user: SignedInUser): Promise<TelegramLink> {
  const bot = botOf(ctx);
  return botLink(bot, await newStartToken(ctx.db, { userId: user.id }));
}

export async function myTelegram(ctx: AppContext, user: SignedInUser): Promise<TelegramStatus> {
  const chats = await accountChats(ctx.db, user.id);
  return { available: ctx.telegram !== undefined, linked: chats > 0, chats };
}

export async function unlinkMyTelegram(ctx: AppContext, user: SignedInUser): Promise<TelegramStatus> {
  await unlinkAccount(ctx.db, user.id);
  return myTelegram(ctx, user);
}
