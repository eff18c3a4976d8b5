/**
 * The answer to POST /api/order: a receipt, built field by field like the cabinet's view, so a
 * field added to the staff's Order never reaches whoever placed an order. Anyone may place one
 * with any email, so the receipt says nothing the form did not already know: not the account
 * behind the email, not the bureau's costs, not the partner, not where the files are kept.
 */
import { count, eq } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import { formatDay } from '../../../src/domain/day-text';
import { lineLanguages } from '../../../src/domain/languages';
import type { Database } from '../../db/client';
import { orderFiles, orders } from '../../db/schema';
import { notFound } from '../../errors';
import { liveLink, trackingPath } from '../tracking/tracking-links';
import { headlineOf } from './customer-order-views';
import { assurancesOfLine, readOrderLines } from './order-lines';
import type { OrderRow } from './write-order';

export type OrderReceipt = components['schemas']['OrderReceipt'];

type ReceiptSource = Pick<
  OrderRow,
  | 'id'
  | 'number'
  | 'status'
  | 'amount'
  | 'subtotal'
  | 'discountPercent'
  | 'discountAmount'
  | 'promoCode'
  | 'urgent'
  | 'urgentPercent'
  | 'urgentAmount'
  | 'dueDate'
  | 'deliveryType'
  | 'deliveryPrice'
  | 'pickupPointName'
  | 'address'
  | 'payerType'
  | 'email'
  | 'targetLanguage'
  | 'createdAt'
>;
interface ReceiptLine {
  id: number;
  type: string;
  quantity: number;
  targetLanguages: readonly string[];
  price: number;
}
interface ReceiptAssurance {
  orderDocumentId: number;
  type: string;
  price: number;
}

/** What happens next, in the order it happens, for this payer and this way of receiving. */
export function nextStepsOf(order: ReceiptSource): string[] {
  const pay =
    order.payerType === 'LEGAL'
      ? 'После подтверждения сформируйте в личном кабинете счёт для организации и оплатите его.'
      : 'После подтверждения оплатите заказ картой в личном кабинете.';
  const receive =
    order.deliveryType === 'COURIER'
      ? `Готовый перевод привезёт курьер${order.address ? ` по адресу: ${order.address}` : ''}.`
      : order.deliveryType === 'PICKUP_POINT'
        ? `Готовый перевод будет ждать вас в пункте выдачи${order.pickupPointName ? `: ${order.pickupPointName}` : ''}.`
        : 'Готовый перевод можно будет забрать в офисе бюро.';
  const ready = order.dueDate
    ? `Срок готовности${order.urgent ? ' срочного заказа' : ''} — ${formatDay(order.dueDate, { weekday: true })}; если он изменится, менеджер сообщит.`
    : null;
  return [
    'Менеджер проверит документы и подтвердит стоимость.',
    pay,
    ...(ready ? [ready] : []),
    receive,
    `Статус заказа — в личном кабинете: войдите с почтой ${order.email}, код для входа придёт на неё.`,
  ];
}

export function toReceipt(
  order: ReceiptSource,
  lines: readonly ReceiptLine[],
  lineAssurances: readonly ReceiptAssurance[],
  filesCount: number,
  trackingUrl: string,
): OrderReceipt {
  return {
    ...headlineOf(order),
    subtotal: order.subtotal,
    discountPercent: order.discountPercent,
    discountAmount: order.discountAmount,
    promoCode: order.promoCode,
    urgent: order.urgent,
    urgentPercent: order.urgentPercent,
    urgentAmount: order.urgentAmount,
    dueDate: order.dueDate,
    documents: lines.map((line) => ({
      type: line.type,
      quantity: line.quantity,
      targetLanguages: lineLanguages(line.targetLanguages, order.targetLanguage),
      price: line.price,
      assurances: assurancesOfLine(lineAssurances, line.id).map(({ type, price }) => ({ type, price })),
    })),
    filesCount,
    deliveryType: order.deliveryType,
    deliveryPrice: order.deliveryPrice,
    pickupPointName: order.pickupPointName,
    address: order.address,
    payerType: order.payerType,
    email: order.email,
    nextSteps: nextStepsOf(order),
    trackingUrl,
    createdAt: order.createdAt.toISOString(),
  };
}

/** The receipt of an order already placed (a replay of its Idempotency-Key), with its live tracking link. */
export async function loadReceipt(db: Database, trackingKey: Buffer, orderId: number): Promise<OrderReceipt> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw notFound('Заказ не найден');
  const { lines, assurances } = await readOrderLines(db, [orderId]);
  const [files] = await db.select({ n: count() }).from(orderFiles).where(eq(orderFiles.orderId, orderId));
  const link = await liveLink(db, trackingKey, orderId);
  return toReceipt(row, lines, assurances, Number(files?.n ?? 0), trackingPath(link.token));
}
