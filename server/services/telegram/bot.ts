/**
 * The bureau's Telegram bot on TELEGRAM_BOT_TOKEN, through grammY (docs/decisions/0051): one
 * grammY Bot per process, pointed at TELEGRAM_API_URL (a local stub in tests). Its updates come
 * by webhook when PUBLIC_URL is https (Telegram refuses plain http), by long polling otherwise;
 * jobs/telegram.ts starts one or the other. What the bot answers is commands.ts; what it sends
 * about orders goes through the `telegram` queue (send-telegram.ts).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Bot, GrammyError, HttpError } from 'grammy';
import type { ServerConfig } from '../../config';

export type SendOutcome =
  | { kind: 'sent' }
  /** 429: Telegram asks to wait this many seconds. */
  | { kind: 'wait'; seconds: number }
  /** 403 (the user blocked the bot) or 400 «chat not found»: nobody to write to any more. */
  | { kind: 'gone'; reason: string };

export interface TelegramBot {
  /** grammY's bot: its API client, its handlers, its polling. */
  bot: Bot;
  mode: 'webhook' | 'polling';
  /** The secret_token Telegram sends with each webhook call. */
  webhookSecret: string;
  webhookUrl: string;
  /** The bot's @username, asked of Telegram once (getMe). */
  username(): Promise<string>;
  isWebhookSecret(given: string | undefined): boolean;
  /** Sends a plain-text message; throws on errors worth a retry (network, 5xx). */
  send(chatId: string, text: string): Promise<SendOutcome>;
  /**
   * Starts taking updates: tells Telegram the webhook's address and secret, or polls. A failure
   * (Telegram unreachable) is logged and tried again a minute later.
   */
  startUpdates(log?: (error: unknown, message: string) => void): void;
  stopUpdates(): Promise<void>;
}

/** Only messages (commands and text) reach the bot. */
const ALLOWED_UPDATES = ['message'] as const;
const RETRY_UPDATES_MS = 60_000;
const USERNAME_WAIT_MS = 4_000;

/** Telegram's limit of a message's length. */
export const MESSAGE_LIMIT = 4096;

export function createTelegramBot(
  config: Pick<ServerConfig, 'telegramBotToken' | 'telegram' | 'publicUrl'>,
  derivedSecret: Buffer,
): TelegramBot | undefined {
  const token = config.telegramBotToken;
  if (!token) return undefined;
  const bot = new Bot(token, { client: { apiRoot: config.telegram.apiUrl, timeoutSeconds: 30 } });
  const webhookSecret = config.telegram.webhookSecret ?? derivedSecret.toString('hex');
  const secretDigest = createHash('sha256').update(webhookSecret).digest();
  let init: Promise<void> | undefined;
  let stopping = false;
  let retry: NodeJS.Timeout | undefined;
  const ready = () => {
    init ??= bot.init().catch((error: unknown) => {
      init = undefined;
      throw error;
    });
    return init;
  };
  return {
    bot,
    mode: config.publicUrl.startsWith('https:') ? 'webhook' : 'polling',
    webhookSecret,
    webhookUrl: `${config.publicUrl}/api/telegram/webhook`,
    async username() {
      // Asked while a person waits (the «Telegram» button): not for as long as the API allows.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('Telegram did not answer getMe in time')),
          USERNAME_WAIT_MS,
        );
      });
      try {
        await Promise.race([ready(), late]);
      } finally {
        clearTimeout(timer);
      }
      return bot.botInfo.username;
    },
    isWebhookSecret(given) {
      if (given === undefined) return false;
      return timingSafeEqual(createHash('sha256').update(given).digest(), secretDigest);
    },
    startUpdates(log) {
      const mode = config.publicUrl.startsWith('https:') ? 'webhook' : 'polling';
      const webhookUrl = `${config.publicUrl}/api/telegram/webhook`;
      const attempt = async () => {
        if (stopping) return;
        try {
          if (mode === 'webhook') {
            await bot.api.setWebhook(webhookUrl, {
              secret_token: webhookSecret,
              allowed_updates: [...ALLOWED_UPDATES],
            });
            return;
          }
          // Resolves when stopped; it deletes a webhook set earlier before it polls.
          await bot.start({ allowed_updates: [...ALLOWED_UPDATES] });
        } catch (error) {
          log?.(
            error,
            mode === 'webhook' ? 'Telegram: вебхук не установлен' : 'Telegram: опрос обновлений прервался',
          );
          if (!stopping) retry = setTimeout(() => void attempt(), RETRY_UPDATES_MS).unref();
        }
      };
      void attempt();
    },
    async stopUpdates() {
      stopping = true;
      clearTimeout(retry);
      if (bot.isRunning()) await bot.stop();
    },
    async send(chatId, text) {
      try {
        await bot.api.sendMessage(chatId, text.slice(0, MESSAGE_LIMIT), {
          link_preview_options: { is_disabled: true },
        });
        return { kind: 'sent' };
      } catch (error) {
        if (error instanceof GrammyError) {
          if (error.error_code === 429)
            return { kind: 'wait', seconds: Math.max(1, error.parameters.retry_after ?? 1) };
          if (
            error.error_code === 403 ||
            (error.error_code === 400 && /chat not found/i.test(error.description))
          )
            return { kind: 'gone', reason: error.description };
        }
        if (error instanceof HttpError) throw new Error(`Telegram не отвечает: ${error.message}`);
        throw error;
      }
    },
  };
}
