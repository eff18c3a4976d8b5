/**
 * «Я оплатил счёт»: the customer reports paying the invoice by bank transfer. That is a claim,
 * not a payment, so the order's status stays where it is (only the bureau, seeing the money,
 * moves it to PAID); the invoice becomes PAYMENT_CONFIRMED, the order's history notes the report
 * and the managers are notified to check the bank statement. Reporting twice changes nothing more.
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { SignedInUser } from '../../auth/tokens';
import { invoices, orderEvents, orderStatusHistory } from '../../db/schema';
import { ProductError } from '../../errors';
import { companyOnly, lockOwnOrder } from './issue-document';
import { notifyManagers } from './notify';

export const PAYMENT_REPORTED_MESSAGE = 'Спасибо! Мы проверим поступление оплаты и сообщим вам.';

export async function reportInvoicePayment(
  ctx: AppContext,
  caller: SignedInUser,
  orderId: number,
): Promise<{ message: string }> {
  await ctx.db.transaction(async (tx) => {
    const order = await lockOwnOrder(tx, caller, orderId);
    if (order.payerType !== 'LEGAL') throw companyOnly();
    if (order.status === 'CANCELLED')
      throw new ProductError('conflict', 'CONFLICT', 'Заказ отменён: оплата по нему не нужна');
    if (order.paidAt || order.status === 'PAID')
      throw new ProductError('conflict', 'CONFLICT', 'Заказ уже оплачен');
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'INVOICE')));
    if (!invoice) {
      throw new ProductError(
        'conflict',
        'CONFLICT',
        'Счёт по заказу ещё не выставлен: сначала сформируйте счёт',
      );
    }
    if (invoice.status !== 'ISSUED') return;
    await tx.update(invoices).set({ status: 'PAYMENT_CONFIRMED' }).where(eq(invoices.id, invoice.id));
    // A note in the timeline, not a status change: from and to are the order's current status.
    await tx.insert(orderStatusHistory).values({
      orderId,
      fromStatus: order.status,
      status: order.status,
      comment: `Клиент сообщил об оплате счёта ${invoice.number}`,
      actorUserId: caller.id,
      actorEmail: caller.email,
      actorRole: caller.role,
    });
    await tx.insert(orderEvents).values({
      orderId,
      eventType: 'invoice-payment-reported',
      success: true,
      payload: { number: invoice.number, amount: invoice.amount },
    });
    await notifyManagers(tx, {
      type: 'INVOICE',
      orderId,
      title: `Проверьте оплату по счёту ${invoice.number}`,
      body: `Клиент сообщил, что оплатил счёт по заказу № ${order.number}. Когда деньги поступят, переведите заказ в статус «Оплачен».`,
    });
  });
  return { message: PAYMENT_REPORTED_MESSAGE };
}
