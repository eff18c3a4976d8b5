/**
 * markOrderPaid: a payment confirmed by the provider moves the order to PAID exactly once, however
 * many confirmations arrive (a repeated webhook, a double click on the demo page, both at once).
 * The order row is locked and its paid_at decides: the first confirmation sets it (through
 * transitionOrder, which also writes the history entry and the customer's one notice); later
 * ones find it set and change nothing. A payment for an order no longer awaiting it (cancelled
 * meanwhile) is recorded for staff to refund, and moves nothing. The way it was paid (card or SBP,
 * when the caller knows it) is kept in the payment's event: a refund tells the customer when the
 * money comes back by it (payment-way.ts).
 */
import { eq } from 'drizzle-orm';
import { isPayable, ORDER_STATUS_LABELS } from '../../../src/domain/order-status';
import type { Database } from '../../db/client';
import { orderEvents, orders } from '../../db/schema';
import { transitionOrder } from '../orders/order-status';
import type { PaymentMethod } from './provider';

export type MarkPaidOutcome = 'paid' | 'already-paid' | 'not-awaiting-payment' | 'no-order';

export async function markOrderPaid(
  executor: Database,
  orderId: number,
  paymentId: string,
  method: PaymentMethod | null = null,
): Promise<MarkPaidOutcome> {
  return executor.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, paidAt: orders.paidAt, amount: orders.amount })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order) return 'no-order';
    if (order.paidAt) return 'already-paid';
    if (!isPayable(order.status)) {
      await tx.update(orders).set({ paidAt: new Date(), paymentId }).where(eq(orders.id, orderId));
      await tx.insert(orderEvents).values({
        orderId,
        eventType: 'payment-received',
        success: false,
        error: `Оплата пришла по заказу в статусе «${ORDER_STATUS_LABELS[order.status]}»: нужен возврат или ручная проверка`,
        payload: { paymentId, amount: order.amount, method },
      });
      return 'not-awaiting-payment';
    }
    await tx.update(orders).set({ paymentId }).where(eq(orders.id, orderId));
    await transitionOrder(tx, {
      orderId,
      to: 'PAID',
      expectedStatus: order.status,
      actor: { userId: null, email: null, role: 'SYSTEM' },
      comment: method === 'sbp' ? 'Оплата через СБП получена' : 'Оплата картой получена',
    });
    await tx.insert(orderEvents).values({
      orderId,
      eventType: 'payment-received',
      success: true,
      payload: { paymentId, amount: order.amount, method },
    });
    return 'paid';
  });
}
