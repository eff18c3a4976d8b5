/**
 * What the product asks of a card payment provider: start a payment and say how it stands. The
 * embedded demo provider and the YooKassa adapter both answer this; which one runs is
 * configuration (server/config.ts, payments; chosen in configured-provider.ts). A provider never decides that an order is paid —
 * markOrderPaid does, once, from what the provider reports.
 */
import { ProductError } from '../../errors';

/** How the customer pays: a bank card, or the Faster Payments System (СБП) from their bank's app. */
export type PaymentMethod = 'card' | 'sbp';

/**
 * A 54-FZ receipt's contents, provider-neutral: who gets it and what it lists; the items add up
 * to the payment's amount to the kopeck (src/domain/receipt-items.ts).
 */
export interface PaymentReceipt {
  customer: { email: string } | { phone: string };
  items: { description: string; amount: number }[];
}

export interface NewPayment {
  orderId: number;
  orderNumber: string;
  /** Rubles, two decimals at most. */
  amount: number;
  /** Where the provider sends the customer back after paying. */
  returnUrl: string;
  /** The same key for a retry of the same request makes no second payment. */
  idempotenceKey: string;
  method: PaymentMethod;
  receipt: PaymentReceipt;
}

export interface StartedPayment {
  paymentId: string;
  /** The provider's page where the customer pays. */
  confirmationUrl: string;
}

/** YooKassa's states; the demo provider uses pending and succeeded. */
export type PaymentStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';

export interface PaymentState {
  paymentId: string;
  status: PaymentStatus;
  paid: boolean;
  /** Rubles. */
  amount: number;
  /** The order the payment was made for, as the provider recorded it; null when unknown. */
  orderId: number | null;
  confirmationUrl: string | null;
  /** The way it is being paid, as it was started. */
  method: PaymentMethod;
}

export interface PaymentProvider {
  readonly name: 'demo' | 'yookassa';
  createPayment(payment: NewPayment): Promise<StartedPayment>;
  /** The payment as the provider knows it; null when it has no such payment. */
  getPayment(paymentId: string): Promise<PaymentState | null>;
}

export const providerUnavailable = () =>
  new ProductError(
    'unavailable',
    'SERVICE_UNAVAILABLE',
    'Платёжный сервис не отвечает. Попробуйте ещё раз через минуту.',
  );
