/** Handlers of the contract's `telegram` tag: the bot's webhook and the cabinet's link to the bot. */
import type { AppContext } from '../../app-context';
import { signedInUser } from '../../http/authorize';
import { typedHandlers } from '../../http/typed-handlers';
import { myTelegram, telegramLinkForAccount, unlinkMyTelegram } from '../../services/telegram/links';
import { receiveTelegramUpdate } from '../../services/telegram/webhook';

export function telegramHandlers(ctx: AppContext) {
  return typedHandlers({
    receiveTelegramUpdate: async (request) => {
      await receiveTelegramUpdate(
        ctx,
        request.headers['x-telegram-bot-api-secret-token'] as string | undefined,
        request.body,
        (error) => request.log.warn({ err: error }, 'Telegram: обновление не обработано'),
      );
      return { success: true, message: 'Обновление принято' };
    },

    getMyTelegram: async (request) => myTelegram(ctx, signedInUser(request)),

    linkMyTelegram: async (request) => telegramLinkForAccount(ctx, signedInUser(request)),

    unlinkMyTelegram: async (request) => unlinkMyTelegram(ctx, signedInUser(request)),
  });
}
