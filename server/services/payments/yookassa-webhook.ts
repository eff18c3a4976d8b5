/**
 * YooKassa's HTTP notifications. The notification's body is not trusted: it only names a payment,
 * which is then read back from YooKassa with the shop's key (YooKassa's recommended source check,
 * and one that works behind any proxy, unlike its IP list). Only a payment YooKassa reports as
 * succeeded and paid, for an order of ours and for that order's amount, marks the order paid —
 * through markOrderPaid, so a repeated notification changes nothing.
 */
import { eq } from 'drizzle-orm';
import { toKopecks } from '../../../src/domain/pricing';
import type { AppContext } from '../../context';
import { orderEvents, orders } from '../../db/schema';
import { ApiError } from '../../http/errors';
import type { BodyOf } from '../../http/typed-handlers';
import { paymentProviderFor } from './configured-provider';
import { type MarkPaidOutcome, markOrderPaid } from './mark-paid';

export type NotificationOutcome = MarkPaidOutcome | 'ignored' | 'amount-mismatch' | 'payment-closed';

export async function receiveYookassaNotification(
  ctx: AppContext,
  notification: BodyOf<'receiveYookassaNotification'>,
): Promise<NotificationOutcome> {
  if (!ctx.config.payments.yookassa)
    throw new ApiError(404, 'NOT_CONFIGURED', 'Оплата через ЮKassa не настроена');
  const provider = paymentProviderFor(ctx.config, ctx.db);
  const payment = await provider.getPayment(notification.object.id);
  if (!payment || payment.orderId === null) return 'ignored';
  const [order] = await ctx.db
    .select({ id: orders.id, amount: orders.amount, paymentId: orders.paymentId })
    .from(orders)
    .where(eq(orders.id, payment.orderId));
  if (!order) return 'ignored';

  if (payment.status === 'canceled') {
    // The customer abandoned it or the bank refused: the next «Оплатить» makes a new one.
    if (order.paymentId !== payment.paymentId) return 'ignored';
    await ctx.db.update(orders).set({ paymentId: null, paymentUrl: null }).where(eq(orders.id, order.id));
    return 'payment-closed';
  }
  if (payment.status !== 'succeeded' || !payment.paid) return 'ignored';
  if (toKopecks(payment.amount) !== toKopecks(order.amount)) {
    await ctx.db.insert(orderEvents).values({
      orderId: order.id,
      eventType: 'payment-received',
      success: false,
      error: `Сумма платежа ${payment.amount} ₽ не равна сумме заказа ${order.amount} ₽: нужна ручная проверка`,
      payload: { paymentId: payment.paymentId, amount: payment.amount },
    });
    return 'amount-mismatch';
  }
  return markOrderPaid(ctx.db, order.id, payment.paymentId);
}
