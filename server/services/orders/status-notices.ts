/**
 * What the customer is told when their order reaches a status. Statuses the customer need not
 * act on or notice (the bureau's inner steps, a revised price going back to NEW) tell nothing.
 */
import type { OrderStatus } from '../../../src/domain/order-status';

export interface StatusNotice {
  title: string;
  body: string;
}

export function statusNotice(
  order: { number: string; pickupPointName: string | null },
  to: OrderStatus,
): StatusNotice | null {
  const title = `Заказ ${order.number}`;
  switch (to) {
    case 'AWAITING_PAYMENT':
      return { title, body: 'Стоимость подтверждена — заказ можно оплатить' };
    case 'PAID':
      return { title, body: 'Оплата получена, заказ передан в работу' };
    case 'IN_TRANSLATION':
      return { title, body: 'Переводчик приступил к работе' };
    case 'READY':
      return { title, body: 'Перевод готов' };
    case 'IN_DELIVERY':
      return { title, body: 'Заказ передан в доставку' };
    case 'AT_PICKUP_POINT':
      return {
        title,
        body: order.pickupPointName
          ? `Заказ ждёт вас в пункте выдачи: ${order.pickupPointName}`
          : 'Заказ ждёт вас в пункте выдачи',
      };
    case 'COMPLETED':
      return { title, body: 'Заказ выполнен. Спасибо, что выбрали нас!' };
    case 'CANCELLED':
      return { title, body: 'Заказ отменён' };
    default:
      return null;
  }
}
