/**
 * The bureau's Telegram bot at work: the `telegram` queue's sender (one message at a time, at
 * Telegram's pace, services/telegram/send-telegram.ts) and the bot's updates — the webhook
 * registered with Telegram when PUBLIC_URL is https, long polling otherwise.
 */
import type { Logger } from 'pino';
import type { AppContext } from '../app-context';
import type { Jobs } from '../queue/boss';
import { createPacing } from '../services/telegram/pacing';
import { sendTelegram } from '../services/telegram/send-telegram';

export function startTelegram(ctx: AppContext, jobs: Jobs, logger?: Pick<Logger, 'error' | 'warn'>): void {
  const telegram = ctx.telegram;
  if (!telegram) return;
  const pacing = createPacing();
  jobs.work(
    'telegram',
    { pollingIntervalSeconds: 1, batchSize: 10 },
    (task) => sendTelegram(ctx, telegram, pacing, task),
    (error, task) =>
      task
        ? logger?.error(
            { err: error, orderId: task.orderId },
            'Сообщение в Telegram не отправлено (будет повтор)',
          )
        : logger?.warn({ err: error }, 'Очередь Telegram: ошибка выборки задач'),
  );
  telegram.startUpdates((error, message) => logger?.warn({ err: error }, message));
}
