/**
 * The order status machine: the one table of statuses, their Russian labels, who may move an
 * order from one status to another, and every rule that hangs on a status (cancel, pay, edit the
 * price, issue documents). The server enforces them; the app uses the same functions to offer only
 * what will succeed. The contract's OrderStatus enum must list exactly these statuses.
 */

// The list alone lives in order-statuses.ts: the routes' search rules need it at start, and a
// module is bundled whole, so the labels and transitions stay out of the first screen's script.
import type { OrderStatus } from './order-statuses';
import type { Role } from './roles';

export { isOrderStatus, ORDER_STATUSES, type OrderStatus } from './order-statuses';

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

/**
 * The customer may add files to a placed order until the bureau starts the work: a scan sent
 * later (step 2 lets them skip the files) still reaches the translator.
 */
export const FILES_ADDABLE: readonly OrderStatus[] = ['NEW', 'AWAITING_PAYMENT', 'PAID'];

export const mayAddFiles = (status: OrderStatus): boolean => FILES_ADDABLE.includes(status);

/**
 * The customer (and staff) may change an order's documents, copies, assurances, urgency and
 * delivery until it is paid: later the bureau has started the work (decision 0056).
 */
export const CHANGEABLE: readonly OrderStatus[] = ['NEW', 'AWAITING_PAYMENT'];

export const mayChangeOrder = (status: OrderStatus): boolean => CHANGEABLE.includes(status);

/** Statuses in which the customer can pay (card link or invoice). */
export const PAYABLE: readonly OrderStatus[] = ['AWAITING_PAYMENT'];

export const TERMINAL: readonly OrderStatus[] = ['COMPLETED', 'CANCELLED'];

/** Before payment the price is still the bureau's to set; once paid (or closed) it never moves. */
export const PRICE_EDITABLE: readonly OrderStatus[] = ['NEW', 'AWAITING_PAYMENT'];

/**
 * Still in work: the translation is not ready yet. Only these can be late for their promised
 * date (the list's «просрочен», the monitor's overdue count); the partial index
 * orders_open_due_idx repeats this list.
 */
export const IN_WORK_STATUSES: readonly OrderStatus[] = [
  'NEW',
  'AWAITING_PAYMENT',
  'PAID',
  'IN_TRANSLATION',
  'NOTARIZATION',
];

export const isInWork = (status: OrderStatus): boolean => IN_WORK_STATUSES.includes(status);

/** Quotes (prices of documents by estimate) are set while the order is new, before it is confirmed. */
export const isQuoteEditable = (status: OrderStatus): boolean => status === 'NEW';

/** An act certifies work done: a company's act is due once the translation is ready. */
export const ACT_DUE: readonly OrderStatus[] = ['READY', 'IN_DELIVERY', 'AT_PICKUP_POINT', 'COMPLETED'];

/**
 * An order placed without signing in may be a stranger's (anyone can type any email into the
 * form), so its customer is warned — but only while the order can still take their money: before
 * it is paid. Once they paid it, or it is done or cancelled, the warning says nothing any more.
 */
export const warnsPlacedWithoutSignIn = (status: OrderStatus): boolean =>
  CUSTOMER_CANCELLABLE.includes(status);

export const isCancellableByCustomer = (status: OrderStatus): boolean =>
  CUSTOMER_CANCELLABLE.includes(status);

export const isPayable = (status: OrderStatus): boolean => PAYABLE.includes(status);

export const isPriceEditable = (status: OrderStatus): boolean => PRICE_EDITABLE.includes(status);

export const isActDue = (status: OrderStatus): boolean => ACT_DUE.includes(status);

/**
 * The finished translation may be attached to any order the bureau is still responsible for: a
 * draft while in work, the final copy once ready, a corrected copy after hand-over. Not to a
 * cancelled order.
 */
export const mayAttachResults = (status: OrderStatus): boolean => status !== 'CANCELLED';

/**
 * A result may be removed until the order is handed over (COMPLETED): what the customer was given
 * stays as it was given.
 */
export const mayRemoveResults = (status: OrderStatus): boolean => status !== 'COMPLETED';

/** Invoices and acts are issued for any order of a company except a cancelled one. */
export const takesDocuments = (status: OrderStatus): boolean => status !== 'CANCELLED';

/**
 * The translation waits for the customer at a place: at the pickup point, or at the office as soon
 * as it is ready (an office order skips delivery).
 */
export const waitsForPickup = (
  status: OrderStatus,
  delivery: 'OFFICE' | 'PICKUP_POINT' | 'COURIER',
): boolean => status === 'AT_PICKUP_POINT' || (status === 'READY' && delivery === 'OFFICE');

/** The statuses a role may move an order to from `from`. */
export function allowedTransitions(from: OrderStatus, role: Role): readonly OrderStatus[] {
  switch (role) {
    case 'ADMIN':
    case 'MANAGER':
      return STAFF_TRANSITIONS[from];
    case 'PARTNER':
      return PARTNER_TRANSITIONS[from] ?? [];
    case 'USER':
      return isCancellableByCustomer(from) ? ['CANCELLED'] : [];
  }
}

/** The moves a partner at a pickup point may make from `from`: receive the order, hand it over. */
export const partnerMoves = (from: OrderStatus): readonly OrderStatus[] =>
  allowedTransitions(from, 'PARTNER');

export function canTransition(from: OrderStatus, to: OrderStatus, role: Role): boolean {
  return allowedTransitions(from, role).includes(to);
}
