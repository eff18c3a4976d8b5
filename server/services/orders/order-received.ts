/**
 * What follows a new order: the customer's confirmation email and the monitoring event (which
 * says so when the email was not sent because its address is over the cap of mail to addresses
 * that never signed in: the mail service's rule). It runs
 * as the `order-received` task of the order-processing queue (server/jobs/order-processing.ts),
 * sent inside the order's own transaction, so an order never exists without it and it never runs
 * for an order rolled back.
 */
import { formatRubles } from '../../../src/domain/format';
import type { AppContext } from '../../context';
import { orderEvents } from '../../db/schema';
import { loadOrder } from './load-order';

export async function queueOrderReceived(ctx: AppContext, orderId: number): Promise<void> {
  const order = await loadOrder(ctx.db, orderId);
  const sent = await ctx.mail.send({
    template: 'order-received',
    to: order.email,
    orderId,
    params: {
      number: order.number,
      amount: formatRubles(order.amount),
      link: `${ctx.config.publicUrl}/cabinet/orders/${order.id}`,
    },
  });
  await ctx.db.insert(orderEvents).values(
    sent === 'capped'
      ? {
          orderId,
          eventType: 'order-received-email',
          success: false,
          error: `Письмо не отправлено: с этой почтой ещё ни разу не входили в кабинет, а таких писем на один адрес — не больше ${ctx.config.limits.mailsPerHourToUnverified} в час`,
        }
      : { orderId, eventType: 'order-received-email', success: true },
  );
}
