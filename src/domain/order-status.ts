/**
 * The order status machine: the one table of statuses, their Russian labels and who may move an
 * order from one status to another. The server enforces it; the app uses it to offer only the
 * moves that will succeed. The contract's OrderStatus enum must list exactly these statuses.
 */
import type { Role } from './roles';

export const ORDER_STATUSES = [
  'NEW',
  'AWAITING_PAYMENT',
  'PAID',
  'IN_TRANSLATION',
  'NOTARIZATION',
  'READY',
  'IN_DELIVERY',
  'AT_PICKUP_POINT',
  'COMPLETED',
  'CANCELLED',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  NEW: 'Новый',
  AWAITING_PAYMENT: 'Ожидает оплаты',
  PAID: 'Оплачен',
  IN_TRANSLATION: 'В работе у переводчика',
  NOTARIZATION: 'На заверении',
  READY: 'Готов',
  IN_DELIVERY: 'Передан в доставку',
  AT_PICKUP_POINT: 'Ожидает в пункте выдачи',
  COMPLETED: 'Выполнен',
  CANCELLED: 'Отменён',
};

/**
 * Staff (ADMIN, MANAGER) moves. NEW may go straight to translation for legal entities working
 * on postpayment; AWAITING_PAYMENT may go back to NEW when the price is revised.
 */
const STAFF_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  NEW: ['AWAITING_PAYMENT', 'IN_TRANSLATION', 'CANCELLED'],
  AWAITING_PAYMENT: ['PAID', 'NEW', 'CANCELLED'],
  PAID: ['IN_TRANSLATION', 'CANCELLED'],
  IN_TRANSLATION: ['NOTARIZATION', 'READY', 'CANCELLED'],
  NOTARIZATION: ['READY', 'CANCELLED'],
  READY: ['IN_DELIVERY', 'AT_PICKUP_POINT', 'COMPLETED'],
  IN_DELIVERY: ['AT_PICKUP_POINT', 'COMPLETED'],
  AT_PICKUP_POINT: ['COMPLETED'],
  COMPLETED: [],
  CANCELLED: [],
};

/** A partner at a pickup point receives the finished order and hands it over. */
const PARTNER_TRANSITIONS: Partial<Record<OrderStatus, readonly OrderStatus[]>> = {
  IN_DELIVERY: ['AT_PICKUP_POINT'],
  AT_PICKUP_POINT: ['COMPLETED'],
};

/** A customer may cancel only before the bureau has been paid. */
export const CUSTOMER_CANCELLABLE: readonly OrderStatus[] = ['NEW', 'AWAITING_PAYMENT'];

/** Statuses in which the customer can pay (card link or invoice). */
export const PAYABLE: readonly OrderStatus[] = ['AWAITING_PAYMENT'];

export const TERMINAL: readonly OrderStatus[] = ['COMPLETED', 'CANCELLED'];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The statuses a role may move an order to from `from`. */
export function allowedTransitions(from: OrderStatus, role: Role): readonly OrderStatus[] {
  switch (role) {
    case 'ADMIN':
    case 'MANAGER':
      return STAFF_TRANSITIONS[from];
    case 'PARTNER':
      return PARTNER_TRANSITIONS[from] ?? [];
    case 'USER':
      return CUSTOMER_CANCELLABLE.includes(from) ? ['CANCELLED'] : [];
  }
}

export function canTransition(from: OrderStatus, to: OrderStatus, role: Role): boolean {
  return allowedTransitions(from, role).includes(to);
}
