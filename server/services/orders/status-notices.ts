/**
 * What the customer is told when their order reaches a status. Statuses the customer need not
 * act on or notice (the bureau's inner steps, a revised price going back to NEW) tell nothing.
 */
import type { components } from '../../../src/api/schema.gen';
import { formatRubles } from '../../../src/domain/format';
import type { OrderStatus } from '../../../src/domain/order-status';
import { placeText } from './order-places';

export interface StatusNotice {
  title: string;
  body: string;
}

/**
 * `place`: where an office order is collected, so «ready» says where to come and when it is open.
 * `quoted`: the price was calculated by staff (documents by estimate), so the notice says so.
 */
export function statusNotice(
  order: { number: string; pickupPointName: string | null; amount: number },
  to: OrderStatus,
  place: components['schemas']['CustomerPlace'] | null = null,
  quoted = false,
): StatusNotice | null {
  const title = `Заказ ${order.number}`;
  switch (to) {
    case 'AWAITING_PAYMENT':
      return quoted
        ? {
            title,
            body: `Стоимость рассчитана: ${formatRubles(order.amount)} — заказ можно оплатить или отменить`,
          }
        : { title, body: 'Стоимость подтверждена — заказ можно оплатить' };
    case 'PAID':
      return { title, body: 'Оплата получена, заказ передан в работу' };
    case 'IN_TRANSLATION':
      return { title, body: 'Переводчик приступил к работе' };
    case 'READY':
      return {
        title,
        body: place?.kind === 'OFFICE' ? `Перевод готов — заберите его ${placeText(place)}` : 'Перевод готов',
      };
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
