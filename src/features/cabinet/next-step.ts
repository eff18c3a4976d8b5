/**
 * The line under an order that says what happens next. The server decides when the customer has
 * something to do (its nextStep: pay, pay the invoice, send the signed act, pick up at a place);
 * otherwise the line says what the bureau is doing, so nobody has to guess from a status label.
 */
import type { OrderStatus } from '../../domain/order-status';

export interface ServerNextStep {
  title: string;
  description: string;
}

export interface NextStepOrder {
  status: OrderStatus;
  deliveryType: 'OFFICE' | 'PICKUP_POINT' | 'COURIER';
  nextStep: ServerNextStep | null;
}

export interface ShownStep {
  text: string;
  detail: string | null;
  /** The customer has to act (shown prominently, prefixed «Что сделать»). */
  yours: boolean;
}

function waitingText(status: OrderStatus, delivery: NextStepOrder['deliveryType']): string {
  switch (status) {
    case 'NEW':
      return 'Менеджер проверяет заказ и подтвердит стоимость';
    case 'AWAITING_PAYMENT':
      return 'Заказ ожидает оплаты';
    case 'PAID':
    case 'IN_TRANSLATION':
    case 'NOTARIZATION':
      return 'Ничего делать не нужно: перевод в работе';
    case 'READY':
      if (delivery === 'COURIER') return 'Перевод готов и скоро будет передан курьеру';
      if (delivery === 'PICKUP_POINT') return 'Перевод готов и скоро будет передан в пункт выдачи';
      return 'Перевод готов';
    case 'IN_DELIVERY':
      return delivery === 'COURIER' ? 'Курьер везёт перевод' : 'Перевод едет в пункт выдачи';
    case 'AT_PICKUP_POINT':
      return 'Перевод ждёт вас в пункте выдачи';
    case 'COMPLETED':
      return 'Заказ выполнен';
    case 'CANCELLED':
      return 'Заказ отменён';
  }
}

export function shownStep(order: NextStepOrder): ShownStep {
  if (order.nextStep) {
    return { text: order.nextStep.title, detail: order.nextStep.description, yours: true };
  }
  return { text: waitingText(order.status, order.deliveryType), detail: null, yours: false };
}
