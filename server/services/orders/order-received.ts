/**
 * What follows a new order: the customer's confirmation email. It runs as the `order-received`
 * task of the order-processing queue (server/jobs/order-processing.ts), sent inside the order's
 * own transaction, so an order never exists without it and it never runs for an order rolled
 * back; the worker loop logs the task's outcome as the order's event (server/jobs/task-events.ts).
 */
import { formatRubles } from '../../../src/domain/format';
import type { AppContext } from '../../context';
import { loadOrder } from './load-order';
import { placeOf, placeText } from './order-places';

export async function queueOrderReceived(ctx: AppContext, orderId: number): Promise<void> {
  const order = await loadOrder(ctx.db, orderId);
  const place = await placeOf(ctx.db, order);
  await ctx.mail.send({
    template: 'order-received',
    to: order.email,
    orderId,
    params: {
      number: order.number,
      amount: formatRubles(order.amount),
      link: `${ctx.config.publicUrl}/cabinet/orders/${order.id}`,
      ...(place ? { pickup: placeText(place) } : {}),
    },
  });
}
