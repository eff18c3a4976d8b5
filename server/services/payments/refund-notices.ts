/**
 * What the customer is told of a refund, and where: a notification (with its push) and a mail
 * when it is made, and again when the provider has done it or refused it. Each is written in the
 * transaction that changes the refund, so a rolled-back change tells nobody. The mail's words are
 * server/mail/order-templates.ts (refund-made, refund-succeeded, refund-failed), read from the
 * refund when the mail is sent (refund-facts.ts).
 */
import { eq } from 'drizzle-orm';
import { formatRubles } from '../../../src/domain/format';
import { REFUND_FAILED_TEXT, refundArrival } from '../../../src/domain/refunds';
import type { Database } from '../../db/client';
import { orders, type refunds } from '../../db/schema';
import type { OrderTemplateName } from '../../mail/order-templates';
import { notifyOrderCustomer } from '../notifications/notifications';
import { queueOrderMail } from '../orders/order-mail';
import { paymentWayOf } from './refund-facts';

type RefundRow = typeof refunds.$inferSelect;

const MAILS: Record<RefundRow['status'], OrderTemplateName> = {
  PENDING: 'refund-made',
  SUCCEEDED: 'refund-succeeded',
  FAILED: 'refund-failed',
};

/**
 * The refund was made (PENDING) or the provider has settled it: the customer's notification and
 * mail, in the executor's transaction. The cancellation that comes with a refund tells nothing of
 * its own (refunds.ts cancels quietly): this one message says both.
 */
export async function tellCustomerOfRefund(
  tx: Database,
  refund: Pick<RefundRow, 'orderId' | 'amount' | 'paymentId'>,
  status: RefundRow['status'],
): Promise<void> {
  const [order] = await tx
    .select({ id: orders.id, email: orders.email, number: orders.number })
    .from(orders)
    .where(eq(orders.id, refund.orderId));
  if (!order) return;
  const amount = formatRubles(refund.amount);
  const arrival = refundArrival(await paymentWayOf(tx, order.id, refund.paymentId));
  const notice =
    status === 'PENDING'
      ? { title: `Заказ ${order.number} отменён`, body: `Оформлен возврат ${amount}. ${arrival}` }
      : status === 'SUCCEEDED'
        ? {
            title: 'Возврат выполнен',
            body: `Возврат ${amount} по заказу ${order.number} выполнен. ${arrival}`,
          }
        : {
            title: `Возврат по заказу ${order.number} не прошёл`,
            body: REFUND_FAILED_TEXT,
          };
  await notifyOrderCustomer(tx, order.id, { type: 'PAYMENT', ...notice });
  await queueOrderMail(tx, order, MAILS[status]);
}
