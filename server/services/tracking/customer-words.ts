/**
 * Where an order stands, in the customer's words: one sentence per status, saying where when a
 * place matters. The tracking page's summary and the Telegram bot's messages say it the same way.
 */
import type { OrderStatus } from '../../../src/domain/order-status';
import { nameAfterKind } from '../../../src/domain/place-names';

export interface StatusContext {
  deliveryType: 'OFFICE' | 'PICKUP_POINT' | 'COURIER';
  /** The office or pickup point's name, when the order is collected. */
  placeName: string | null;
}

/**
 * A place's name inside a sentence: «в пункте выдачи «Тверская»» for a point named «Пункт выдачи
 * «Тверская»» or «Тверская», «в офисе «Офис на Тверской»» for an office (a name is not declined).
 */
function placed(kind: 'office' | 'point', where: 'in' | 'to', name: string | null): string {
  const noun = kind === 'office' ? 'офис' : where === 'in' ? 'пункте выдачи' : 'пункт выдачи';
  const prefix = kind === 'office' ? (where === 'in' ? 'в офисе' : 'в офис') : `в ${noun}`;
  if (!name) return kind === 'office' ? `${prefix} бюро` : prefix;
  return `${prefix} ${nameAfterKind(name, kind === 'office' ? 'OFFICE' : 'PICKUP_POINT')}`;
}

export function statusInCustomerWords(status: OrderStatus, order: StatusContext): string {
  switch (status) {
    case 'NEW':
      return 'Заказ принят: менеджер проверяет документы и подтвердит стоимость.';
    case 'AWAITING_PAYMENT':
      return 'Стоимость подтверждена — заказ ждёт оплаты. Переводчик приступит к работе сразу после неё.';
    case 'PAID':
      return 'Оплата получена, заказ передан переводчику.';
    case 'IN_TRANSLATION':
      return 'Переводчик работает над заказом.';
    case 'NOTARIZATION':
      return 'Перевод готов и заверяется у нотариуса.';
    case 'READY':
      if (order.deliveryType === 'OFFICE')
        return `Перевод готов и ждёт вас ${placed('office', 'in', order.placeName)}.`;
      if (order.deliveryType === 'PICKUP_POINT')
        return `Перевод готов и отправляется ${placed('point', 'to', order.placeName)}.`;
      return 'Перевод готов и передаётся в курьерскую службу.';
    case 'IN_DELIVERY':
      return order.deliveryType === 'COURIER'
        ? 'Заказ у курьерской службы и едет к вам.'
        : `Заказ едет ${placed('point', 'to', order.placeName)}.`;
    case 'AT_PICKUP_POINT':
      return `Заказ ждёт вас ${placed('point', 'in', order.placeName)}.`;
    case 'COMPLETED':
      return 'Заказ выполнен. Спасибо, что выбрали нас!';
    case 'CANCELLED':
      return 'Заказ отменён.';
  }
}
