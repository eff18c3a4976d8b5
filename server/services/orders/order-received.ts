/**
 * What follows a new order, in one task: the push of its «order received» notice to the
 * customer's devices and the confirmation email. It runs as the `order-received` task of the
 * order-processing queue (server/jobs/order-processing.ts), sent inside the order's own
 * transaction, so an order never exists without it and it never runs for an order rolled back;
 * the worker loop logs the task's outcome as the order's event (server/queue/task-events.ts), a
 * refusal when the mail was not sent because its address is over the cap of mail to addresses
 * that never signed in (the mail service's rule).
 *
 * One job, not three (this task, a send-email and a send-push, each fetched, logged and completed
 * on its own): decision 0043. A retry of the task (the mail failed) sends the mail again and
 * nothing else: the push went out on the first attempt, the mail was counted against the cap then.
 */
import { eq } from 'drizzle-orm';
import { formatDay } from '../../../src/domain/day-text';
import { formatRubles } from '../../../src/domain/format';
import type { AppContext } from '../../app-context';
import { orders } from '../../db/schema';
import { notFound } from '../../errors';
import { SEND_EMAIL_OPTIONS } from '../../mail/mail-service';
import type { QueueTasks, TaskResult } from '../../queue/queues';
import { queuePush } from '../notifications/notifications';
import { placeOf, placeText } from './order-places';

/** The mail's retries (a few, with growing delays, within two minutes each): the task's own. */
export const ORDER_RECEIVED_OPTIONS = SEND_EMAIL_OPTIONS;

export type OrderReceivedTask = Extract<QueueTasks['order-processing'], { name: 'order-received' }>;

/**
 * Pushes the notice and sends the mail. `retry`: an earlier attempt of this task ran (its push
 * went out, its mail was counted against the cap); this one only sends the mail again.
 */
export async function sendOrderReceived(
  ctx: AppContext,
  task: Pick<OrderReceivedTask, 'orderId' | 'notificationId'>,
  { retry = false }: { retry?: boolean } = {},
): Promise<TaskResult | undefined> {
  const { orderId, notificationId } = task;
  // The push first: the device hears of the order at once, whatever the mail server does.
  if (notificationId !== undefined && !retry) await pushNotice(ctx, notificationId);
  // Only what the mail says: one statement, where the whole order (lines, files) took four.
  const [order] = await ctx.db
    .select({
      id: orders.id,
      number: orders.number,
      amount: orders.amount,
      email: orders.email,
      deliveryType: orders.deliveryType,
      pickupPointId: orders.pickupPointId,
      officeId: orders.officeId,
      dueDate: orders.dueDate,
      urgent: orders.urgent,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw notFound('Заказ не найден');
  const place = await placeOf(ctx.db, order);
  const sent = await ctx.mail.sendNow(
    {
      template: 'order-received',
      to: order.email,
      orderId,
      params: {
        number: order.number,
        amount: formatRubles(order.amount),
        link: `${ctx.config.publicUrl}/cabinet/orders/${order.id}`,
        ...(place ? { pickup: placeText(place) } : {}),
        ...(order.dueDate
          ? { due: `${formatDay(order.dueDate, { weekday: true })}${order.urgent ? ' (срочный заказ)' : ''}` }
          : {}),
      },
    },
    { counted: retry },
  );
  if (sent !== 'capped') return undefined;
  const cap = ctx.config.limits.mailsPerHourToUnverified;
  return {
    refused: `Письмо не отправлено: с этой почтой ещё ни разу не входили в кабинет, а таких писем на один адрес — не больше ${cap} в час`,
  };
}

/**
 * The notice's push, never the reason the task fails (a retry would repeat the mail): devices
 * whose push service is down are retried by send-push tasks of their own (push-delivery.ts), and
 * a push that could not start at all (the database busy) goes to such a task whole.
 */
async function pushNotice(ctx: AppContext, notificationId: number): Promise<void> {
  const task = { name: 'send-push' as const, notificationId };
  try {
    await ctx.push.deliver(ctx.db, task);
  } catch {
    await queuePush(ctx.db, task);
  }
}
