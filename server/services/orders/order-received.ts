/**
 * What follows a new order: the customer's confirmation email. It runs as the `order-received`
 * task of the order-processing queue (server/jobs/order-processing.ts), sent inside the order's
 * own transaction, so an order never exists without it and it never runs for an order rolled
 * back; the worker loop logs the task's outcome as the order's event (server/queue/task-events.ts),
 * a refusal when the mail was not sent because its address is over the cap of mail to addresses
 * that never signed in (the mail service's rule).
 */
import { eq } from 'drizzle-orm';
import { formatDay } from '../../../src/domain/day-text';
import { formatRubles } from '../../../src/domain/format';
import type { AppContext } from '../../app-context';
import { orders } from '../../db/schema';
import { notFound } from '../../errors';
import type { TaskResult } from '../../queue/queues';
import { placeOf, placeText } from './order-places';

export async function queueOrderReceived(ctx: AppContext, orderId: number): Promise<TaskResult | undefined> {
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
  const sent = await ctx.mail.send({
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
  });
  if (sent !== 'capped') return undefined;
  const cap = ctx.config.limits.mailsPerHourToUnverified;
  return {
    refused: `Письмо не отправлено: с этой почтой ещё ни разу не входили в кабинет, а таких писем на один адрес — не больше ${cap} в час`,
  };
}
