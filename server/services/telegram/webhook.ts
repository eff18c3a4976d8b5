/**
 * Telegram's webhook (POST /api/telegram/webhook): taken only with the secret token the server
 * gave Telegram with setWebhook, and only when the bot is in webhook mode. An update the bot
 * fails to answer is logged and still acknowledged: Telegram would otherwise send it again and
 * again, and the person can simply write once more.
 */
import type { AppContext } from '../../app-context';
import { ProductError } from '../../errors';

export async function receiveTelegramUpdate(
  ctx: AppContext,
  secret: string | undefined,
  update: { update_id: number },
  onError?: (error: unknown) => void,
): Promise<void> {
  const telegram = ctx.telegram;
  if (telegram?.mode !== 'webhook') {
    throw new ProductError('not-found', 'NOT_CONFIGURED', 'Вебхук Telegram не используется');
  }
  if (!telegram.isWebhookSecret(secret)) {
    throw new ProductError('forbidden', 'FORBIDDEN', 'Неверный секрет вебхука Telegram');
  }
  try {
    await telegram.username();
    await telegram.bot.handleUpdate(update as Parameters<typeof telegram.bot.handleUpdate>[0]);
  } catch (error) {
    onError?.(error);
  }
}
