/**
 * Where an order stands, in the customer's words: one sentence per status, saying where when a
 * place matters. The tracking page's summary and the Telegram bot's messages say it the same way.
 */
import type { OrderStatus } from '../../../src/domain/order-status';

export interface StatusContext {
  deliveryType: 'OFFICE' | 'PICKUP_POINT' | 'COURIER';
  /** The office or pickup point's name, when the order is collected. */
  placeName: string | null;
}

const at = (kind: 'office' | 'point', name: string | null) =>
  kind === 'office'
    ? name
      ? `в офисе «${name}»`
      : 'в офисе бюро'
    : name
      ? `в пункте выдачи «${name}»`
      : 'в пункте выдачи';

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
        return `Перевод готов и ждёт вас ${at('office', order.placeName)}.`;
      if (order.deliveryType === 'PICKUP_POINT')
        return `Перевод готов и отправляется ${order.placeName ? `в пункт выдачи «${order.placeName}»` : 'в пункт выдачи'}.`;
      return 'Перевод готов и передаётся в курьерскую службу.';
    case 'IN_DELIVERY':
      return order.deliveryType === 'COURIER'
        ? 'Заказ у курьерской службы и едет к вам.'
        : `Заказ едет ${order.placeName ? `в пункт выдачи «${order.placeName}»` : 'в пункт выдачи'}.`;
    case 'AT_PICKUP_POINT':
      return `Заказ ждёт вас ${at('point', order.placeName)}.`;
    case 'COMPLETED':
      return 'Заказ выполнен. Спасибо, что выбрали нас!';
    case 'CANCELLED':
      return 'Заказ отменён.';
  }
}
