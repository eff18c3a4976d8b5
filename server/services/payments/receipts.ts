/**
 * 54-FZ receipts for orders paid online through YooKassa («Чеки от ЮKassa»): the prepayment
 * receipt travels inside the payment request, and when the order is handed over (COMPLETED) a
 * closing receipt (full payment, settled by the prepayment) is sent by the send-closing-receipt
 * task, retried until YooKassa answers. The items are the order's own itemised figures with the
 * discount spread to the kopeck (src/domain/receipt-items.ts). Orders of companies are paid by
 * invoice and get no online receipt; the demo provider takes no money and needs none.
 */
import { eq } from 'drizzle-orm';
import { receiptItems } from '../../../src/domain/receipt-items';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import type { TaskResult } from '../../queue/queues';
import { sendInTransaction } from '../../queue/transaction';
import { loadOrder, type Order } from '../orders/load-order';
import { DEMO_PAYMENT_PREFIX } from './demo-provider';
import type { PaymentReceipt } from './provider';
import { createYookassaProvider } from './yookassa';

/** YooKassa that does not answer is asked again with growing pauses, for about a day. */
export const CLOSING_RECEIPT_OPTIONS = {
  retryLimit: 12,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 120,
} as const;

/** Who gets the receipt: the order's email, else its phone as YooKassa writes it (digits). */
export function receiptCustomer(order: Pick<Order, 'email' | 'phoneNumber'>): PaymentReceipt['customer'] {
  if (order.email) return { email: order.email };
  return { phone: order.phoneNumber.replace(/\D/g, '') };
}

/** The receipt of an order as it stands: its lines, discount, delivery and amount. */
export async function orderReceipt(
  db: Database,
  orderId: number,
): Promise<{ order: Order; receipt: PaymentReceipt }> {
  const order = await loadOrder(db, orderId);
  const [row] = await db
    .select({ discountAmount: orders.discountAmount })
    .from(orders)
    .where(eq(orders.id, orderId));
  const items = receiptItems({ ...order, discountAmount: row?.discountAmount ?? 0 });
  return { order, receipt: { customer: receiptCustomer(order), items } };
}

/** In the transaction that made the order COMPLETED: a closing receipt for a YooKassa payment. */
export async function queueClosingReceipt(
  tx: Database,
  order: { id: number; paymentId: string | null; paidAt: Date | null; payerType: string },
): Promise<boolean> {
  if (!order.paidAt || !order.paymentId || order.paymentId.startsWith(DEMO_PAYMENT_PREFIX)) return false;
  if (order.payerType === 'LEGAL') return false;
  return sendInTransaction(
    tx,
    'sync-tasks',
    { name: 'send-closing-receipt', orderId: order.id },
    CLOSING_RECEIPT_OPTIONS,
  );
}

/** The send-closing-receipt task: one closing receipt per order (its Idempotence-Key says so). */
export async function sendClosingReceipt(ctx: AppContext, orderId: number): Promise<TaskResult> {
  const settings = ctx.config.payments.yookassa;
  if (!settings) return { refused: 'ЮKassa не настроена: закрывающий чек не отправлен' };
  const [row] = await ctx.db
    .select({ paymentId: orders.paymentId, paidAt: orders.paidAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row?.paymentId || !row.paidAt) return { refused: 'Заказ не оплачен онлайн: закрывающий чек не нужен' };
  const { order, receipt } = await orderReceipt(ctx.db, orderId);
  const provider = createYookassaProvider({ ...settings, vatCode: ctx.config.payments.vatCode });
  const receiptId = await provider.createClosingReceipt({
    paymentId: row.paymentId,
    amount: order.amount,
    receipt,
    idempotenceKey: `closing-receipt-${orderId}-${row.paymentId}`,
  });
  return { payload: { receiptId } };
}
