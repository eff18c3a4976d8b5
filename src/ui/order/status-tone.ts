/** How an order's status is coloured: what it means for the customer (act, wait, done, stopped). */
import type { OrderStatus } from '../../domain/order-status';

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
