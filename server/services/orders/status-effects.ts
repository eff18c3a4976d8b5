/**
 * What follows an order's status change, in the change's own transaction (transitionOrder): the
 * customer's notification and push, the customer's mail, the messages to the Telegram chats that
 * follow the order, and — when a parcel must go out by the courier service — its create-delivery
 * task. A change rolled back leaves none of them behind.
 */
import { and, eq } from 'drizzle-orm';
import type { OrderStatus } from '../../../src/domain/order-status';
import type { Database } from '../../db/client';
import { orderDocuments, type orders } from '../../db/schema';
import { queueCreateDelivery } from '../courier/delivery-tasks';
import { notifyOrderCustomer } from '../notifications/notifications';
import { queueClosingReceipt } from '../payments/receipts';
import { queueTelegram } from '../telegram/send-telegram';
import { queueStatusMail } from './order-mail';
import { placeOf } from './order-places';
import { statusNotice } from './status-notices';

export async function afterStatusChange(
  tx: Database,
  order: typeof orders.$inferSelect,
  to: OrderStatus,
  options: { tellCustomer: boolean },
): Promise<void> {
  // The customer who cancels their own order needs no message about it, nor one whose refund
  // says it (payments/refund-notices.ts).
  if (options.tellCustomer) {
    // Ready at an office: the notice says which one, its address and hours.
    const place = to === 'READY' && order.deliveryType === 'OFFICE' ? await placeOf(tx, order) : null;
    // Confirming a price staff calculated: «Стоимость рассчитана», with the breakdown by mail.
    const quoted = to === 'AWAITING_PAYMENT' && (await hasDocumentsByEstimate(tx, order.id));
    const notice = statusNotice(order, to, place, quoted);
    if (notice) await notifyOrderCustomer(tx, order.id, { type: 'ORDER_STATUS', ...notice });
    await queueStatusMail(tx, order, to, quoted);
    // Telegram tells every move, in the customer's words: its chats asked to follow the order.
    await queueTelegram(tx, order.id, { event: 'status', status: to });
  }
  // The translation is ready: the parcel can be registered before it is handed over.
  if (to === 'READY') await queueCreateDelivery(tx, order);
  // Handed over: the prepayment's receipt is closed by a full-payment one (54-FZ).
  if (to === 'COMPLETED') await queueClosingReceipt(tx, order);
}

async function hasDocumentsByEstimate(tx: Database, orderId: number): Promise<boolean> {
  const [line] = await tx
    .select({ id: orderDocuments.id })
    .from(orderDocuments)
    .where(and(eq(orderDocuments.orderId, orderId), eq(orderDocuments.byEstimate, true)))
    .limit(1);
  return line !== undefined;
}
