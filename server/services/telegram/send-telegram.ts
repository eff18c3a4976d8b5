/**
 * The bot's messages about orders go through the `telegram` queue: an event of an order (a status
 * change, a message from the bureau) becomes a send-telegram task per chat that follows the order,
 * written in the event's own transaction, so a change rolled back tells nobody. The worker renders
 * the message when it sends it, keeps Telegram's pace (pacing.ts), waits out a 429's retry_after,
 * and unlinks a chat whose user blocked the bot (403). Every attempt is a row of the order's event
 * log (server/queue/task-events.ts), which the monitor shows.
 */
import type { OrderStatus } from '../../../src/domain/order-status';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import type { QueueTasks, TaskResult } from '../../queue/queues';
import { insertInTransaction } from '../../queue/transaction';
import { orderMailParams } from '../orders/order-mail';
import { trackingUrlFor } from '../tracking/tracking-links';
import type { TelegramBot } from './bot';
import { type TelegramEvent, telegramText } from './messages';
import type { TelegramPacing } from './pacing';
import { chatsOfOrder, unlinkChat } from './subscriptions';

export type SendTelegramTask = QueueTasks['telegram'];

/** Retried by pg-boss for network and server errors; 429 and 403 are handled in the task. */
export const SEND_TELEGRAM_OPTIONS = {
  retryLimit: 5,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 300,
} as const;

/** A 429 longer than this, or a third one in a row, fails the attempt: pg-boss tries it later. */
const LONGEST_WAIT_SECONDS = 60;
const WAITS_PER_ATTEMPT = 2;

/**
 * Queues the event for every chat that follows the order, in the executor's transaction. Any
 * order event may be told this way: `queueTelegram(tx, orderId, { event: 'message' })` says
 * the bureau wrote in the order's conversation (server/services/conversation/send-message.ts).
 */
export async function queueTelegram(
  executor: Database,
  orderId: number,
  event: TelegramEvent,
): Promise<void> {
  const chats = await chatsOfOrder(executor, orderId);
  if (chats.length === 0) return;
  const tasks: SendTelegramTask[] = chats.map(({ chatId }) => ({
    name: 'send-telegram',
    orderId,
    chatId,
    ...(event.event === 'status' ? { event: 'status', status: event.status } : { event: 'message' }),
  }));
  await insertInTransaction(executor, 'telegram', tasks, SEND_TELEGRAM_OPTIONS);
}

function eventOf(task: SendTelegramTask): TelegramEvent {
  if (task.event === 'status' && task.status) return { event: 'status', status: task.status as OrderStatus };
  return { event: 'message' };
}

export async function sendTelegram(
  ctx: AppContext,
  bot: TelegramBot,
  pacing: TelegramPacing,
  task: SendTelegramTask,
): Promise<TaskResult> {
  const following = await chatsOfOrder(ctx.db, task.orderId);
  // /stop, a revoked link or a blocked bot since the task was queued: the chat asked for nothing more.
  if (!following.some((chat) => chat.chatId === task.chatId)) {
    return { refused: 'Чат больше не подписан на заказ: сообщение не отправлено' };
  }
  const params = await orderMailParams(ctx.db, ctx.config.publicUrl, null, task.orderId);
  if (!params) return { refused: 'Заказ удалён: сообщение не отправлено' };
  const url = await trackingUrlFor(ctx.db, ctx.keys.trackingLink, ctx.config.publicUrl, task.orderId);
  const text = telegramText(eventOf(task), params, url);
  let waited = 0;
  for (let waits = 0; ; waits++) {
    await pacing.turn(task.chatId);
    const outcome = await bot.send(task.chatId, text);
    if (outcome.kind === 'sent') return { payload: waited > 0 ? { waitedSeconds: waited } : {} };
    if (outcome.kind === 'gone') {
      await unlinkChat(ctx.db, task.chatId);
      return {
        refused: `Telegram не доставил сообщение (${outcome.reason}): клиент заблокировал бота, чат отключён от уведомлений`,
      };
    }
    if (waits >= WAITS_PER_ATTEMPT || outcome.seconds > LONGEST_WAIT_SECONDS) {
      pacing.hold(task.chatId, outcome.seconds);
      throw new Error(`Telegram просит подождать ${outcome.seconds} с — сообщение будет отправлено позже`);
    }
    pacing.hold(task.chatId, outcome.seconds);
    waited += outcome.seconds;
  }
}
