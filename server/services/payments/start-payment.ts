/**
 * POST /api/user/orders/{id}/payment: the payment link (card or SBP) of the customer's own order
 * awaiting payment, with its 54-FZ receipt. A payment already started and still open at the
 * provider for the same amount and way is given again, so two taps on «Оплатить» or two devices
 * make one payment, not two; choosing the other way starts a payment of that way. A link a manager
 * entered by hand (no provider payment behind it) is given as it is.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { ORDER_STATUS_LABELS, PAYABLE } from '../../../src/domain/order-status';
import type { AppContext } from '../../app-context';
import { orders } from '../../db/schema';
import { ProductError } from '../../errors';
import type { CustomerOrder } from '../orders/customer-order-views';
import { type Customer, findCustomerOrderRow, loadCustomerOrder } from '../orders/customer-orders';
import { paymentProviderFor } from './configured-provider';
import type { PaymentMethod } from './provider';
import { orderReceipt } from './receipts';

const conflict = (message: string) => new ProductError('conflict', 'CONFLICT', message);

export async function startCustomerPayment(
  ctx: AppContext,
  customer: Customer,
  orderId: number,
  /** Where the customer comes back after paying: the site's address (PUBLIC_URL or the page's origin). */
  siteUrl: string = ctx.config.publicUrl,
  method: PaymentMethod = 'card',
): Promise<{ paymentUrl: string; order: CustomerOrder }> {
  const row = await findCustomerOrderRow(ctx.db, customer, orderId);
  if (row.paidAt) throw conflict('Заказ уже оплачен');
  if (!PAYABLE.includes(row.status))
    throw conflict(
      row.status === 'NEW'
        ? 'Заказ ещё проверяет менеджер: оплатить его можно после подтверждения стоимости'
        : `Заказ в статусе «${ORDER_STATUS_LABELS[row.status]}» оплатить нельзя`,
    );
  if (row.payerType === 'LEGAL')
    throw conflict('Заказ организации оплачивается по счёту: сформируйте счёт в карточке заказа');

  const answer = async (paymentUrl: string) => ({
    paymentUrl,
    order: await loadCustomerOrder(ctx.db, orderId),
  });
  if (row.paymentUrl && !row.paymentId) return answer(row.paymentUrl);

  const provider = paymentProviderFor(ctx.config, ctx.db, siteUrl);
  if (row.paymentId) {
    const current = await provider.getPayment(row.paymentId);
    const open = current?.status === 'pending' && current.amount === row.amount && current.method === method;
    if (open && current.confirmationUrl) return answer(current.confirmationUrl);
  }
  const { receipt } = await orderReceipt(ctx.db, orderId);
  const started = await provider.createPayment({
    orderId,
    orderNumber: row.number,
    amount: row.amount,
    returnUrl: `${siteUrl}/cabinet/orders/${orderId}`,
    idempotenceKey: randomUUID(),
    method,
    receipt,
  });
  // Only over the payment we looked at: a parallel request that stored its own first wins, and
  // both customers' taps then lead to that one payment.
  const stored = await ctx.db
    .update(orders)
    .set({ paymentId: started.paymentId, paymentUrl: started.confirmationUrl, updatedAt: new Date() })
    .where(
      and(
        eq(orders.id, orderId),
        row.paymentId === null ? isNull(orders.paymentId) : eq(orders.paymentId, row.paymentId),
      ),
    )
    .returning({ id: orders.id });
  if (stored.length === 0) {
    const [winner] = await ctx.db
      .select({ paymentUrl: orders.paymentUrl })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (winner?.paymentUrl) return answer(winner.paymentUrl);
  }
  return answer(started.confirmationUrl);
}
