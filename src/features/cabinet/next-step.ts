/**
 * What the customer must do next with an order, in one Russian sentence: the orders list shows it
 * on every row and the order page above its actions, so nobody has to guess from a status label.
 * Pure: the order's own fields and, for a pickup point, its name and address.
 */
import type { OrderStatus } from '../../domain/order-status';

export interface NextStepOrder {
  status: OrderStatus;
  payerType: 'INDIVIDUAL' | 'LEGAL';
  deliveryType: 'OFFICE' | 'PICKUP_POINT' | 'COURIER';
  pickupPointName?: string | null;
  address?: string | null;
  /** Whether an invoice / an act has been issued and the signed act received. */
  hasInvoice?: boolean;
  hasAct?: boolean;
  actSigned?: boolean;
}

export interface PointAddress {
  name: string;
  address: string;
}

export type NextStepKind = 'wait' | 'pay' | 'invoice' | 'act' | 'pickup' | 'done';

export interface NextStep {
  kind: NextStepKind;
  text: string;
  /** True when the step is the customer's to take (shown prominently). */
  yours: boolean;
}

function pointText(order: NextStepOrder, point: PointAddress | null | undefined): string {
  if (point) return `«${point.name}», ${point.address}`;
  return order.pickupPointName ? `«${order.pickupPointName}»` : 'выбранном при заказе';
}

export function nextStep(order: NextStepOrder, point?: PointAddress | null): NextStep {
  const wait = (text: string): NextStep => ({ kind: 'wait', text, yours: false });
  switch (order.status) {
    case 'NEW':
      return wait('Менеджер проверяет заказ и подтвердит стоимость');
    case 'AWAITING_PAYMENT':
      if (order.payerType === 'INDIVIDUAL') {
        return { kind: 'pay', text: 'Оплатите заказ картой', yours: true };
      }
      return order.hasInvoice
        ? { kind: 'invoice', text: 'Оплатите счёт и сообщите нам об оплате', yours: true }
        : { kind: 'invoice', text: 'Сформируйте счёт и оплатите его', yours: true };
    case 'PAID':
    case 'IN_TRANSLATION':
    case 'NOTARIZATION':
      return wait('Ничего делать не нужно: перевод в работе');
    case 'READY':
      if (order.deliveryType === 'OFFICE') {
        return { kind: 'pickup', text: 'Заберите перевод в офисе бюро', yours: true };
      }
      return wait(
        order.deliveryType === 'COURIER'
          ? 'Перевод готов и скоро будет передан курьеру'
          : 'Перевод готов и скоро будет передан в пункт выдачи',
      );
    case 'IN_DELIVERY':
      return wait(
        order.deliveryType === 'COURIER'
          ? `Курьер везёт перевод${order.address ? ` по адресу ${order.address}` : ''}`
          : `Перевод едет в пункт выдачи ${pointText(order, point)}`,
      );
    case 'AT_PICKUP_POINT':
      return {
        kind: 'pickup',
        text: `Заберите перевод в пункте выдачи ${pointText(order, point)}`,
        yours: true,
      };
    case 'COMPLETED':
      if (order.payerType === 'LEGAL' && !order.actSigned) {
        return order.hasAct
          ? { kind: 'act', text: 'Подпишите акт выполненных работ и отправьте его нам', yours: true }
          : {
              kind: 'act',
              text: 'Сформируйте акт выполненных работ, подпишите и отправьте его',
              yours: true,
            };
      }
      return { kind: 'done', text: 'Заказ выполнен', yours: false };
    case 'CANCELLED':
      return { kind: 'done', text: 'Заказ отменён', yours: false };
  }
}
