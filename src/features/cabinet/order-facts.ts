/** How the cabinet reads an order of the contract: its status badge and its next step. */
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../domain/order-status';
import type { MyOrderSummary } from './cabinet-types';
import { type NextStep, nextStep, type PointAddress } from './next-step';

export type StatusTone = 'action' | 'progress' | 'done' | 'stopped';

const TONES: Record<OrderStatus, StatusTone> = {
  NEW: 'progress',
  AWAITING_PAYMENT: 'action',
  PAID: 'progress',
  IN_TRANSLATION: 'progress',
  NOTARIZATION: 'progress',
  READY: 'action',
  IN_DELIVERY: 'progress',
  AT_PICKUP_POINT: 'action',
  COMPLETED: 'done',
  CANCELLED: 'stopped',
};

export function statusTone(status: OrderStatus): StatusTone {
  return TONES[status];
}

export function statusLabel(status: OrderStatus): string {
  return ORDER_STATUS_LABELS[status];
}

export function nextStepOf(order: MyOrderSummary, point?: PointAddress | null): NextStep {
  return nextStep(
    {
      status: order.status,
      payerType: order.payerType,
      deliveryType: order.deliveryType,
      pickupPointName: order.pickupPointName,
      address: order.address,
      hasInvoice: order.invoicePdfPath !== null,
      hasAct: order.actPdfPath !== null,
      actSigned: order.actSignedPath !== null,
    },
    point,
  );
}
