/**
 * YooKassa's HTTP notifications. The notification's body is not trusted: it only names a payment,
 * which is then read back from YooKassa with the shop's key. Only a payment YooKassa reports as
 * succeeded and paid, for an order of ours and for that order's amount, marks the order paid —
 * through markOrderPaid, so a repeated notification changes nothing.
 * Reading back costs a call to YooKassa, so anyone could make us call it: a notification is taken
 * only from YooKassa's published addresses (YOOKASSA_WEBHOOK_SOURCES), and the notifications of one
 * payment that arrive together share one call (`createYookassaWebhook`).
 */
import { BlockList, isIPv4 } from 'node:net';
import { eq } from 'drizzle-orm';
import { toKopecks } from '../../../src/domain/pricing';
import type { AppContext } from '../../app-context';
import { orderEvents, orders } from '../../db/schema';
import { ProductError } from '../../errors';
import type { BodyOf } from '../../operation-types';
import { paymentProviderFor } from './configured-provider';
import { type MarkPaidOutcome, markOrderPaid } from './mark-paid';

export type NotificationOutcome = MarkPaidOutcome | 'ignored' | 'amount-mismatch' | 'payment-closed';

type Notification = BodyOf<'receiveYookassaNotification'>;

/** The networks as a BlockList, which compares IPv4 and IPv6 addresses by their bits. */
function sourceList(sources: readonly string[]): BlockList {
  const list = new BlockList();
  for (const source of sources) {
    const [address = '', bits] = source.split('/');
    list.addSubnet(address, Number(bits), isIPv4(address) ? 'ipv4' : 'ipv6');
  }
  return list;
}

/** An IPv4 client of a dual-stack socket arrives as ::ffff:a.b.c.d. */
const plainAddress = (ip: string) => (ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip);

/**
 * The webhook of one server: its notifications checked for their source, and one YooKassa call
 * per payment id at a time however many notifications of it arrive at once.
 */
export function createYookassaWebhook(ctx: AppContext) {
  const yookassa = ctx.config.payments.yookassa;
  const allowed = sourceList(yookassa?.webhookSources ?? []);
  const inFlight = new Map<string, Promise<NotificationOutcome>>();

  return async function receive(notification: Notification, sourceIp: string): Promise<NotificationOutcome> {
    if (!yookassa) throw new ProductError('not-found', 'NOT_CONFIGURED', 'Оплата через ЮKassa не настроена');
    const address = plainAddress(sourceIp);
    if (!allowed.check(address, isIPv4(address) ? 'ipv4' : 'ipv6'))
      throw new ProductError(
        'forbidden',
        'FORBIDDEN',
        'Уведомления об оплате принимаются только с адресов ЮKassa',
      );
    const paymentId = notification.object.id;
    const running = inFlight.get(paymentId);
    if (running) return running;
    const handled = receiveYookassaNotification(ctx, notification).finally(() => inFlight.delete(paymentId));
    inFlight.set(paymentId, handled);
    return handled;
  };
}

export async function receiveYookassaNotification(
  ctx: AppContext,
  notification: Notification,
): Promise<NotificationOutcome> {
  if (!ctx.config.payments.yookassa)
    throw new ProductError('not-found', 'NOT_CONFIGURED', 'Оплата через ЮKassa не настроена');
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
  return markOrderPaid(ctx.db, order.id, payment.paymentId, payment.method);
}
