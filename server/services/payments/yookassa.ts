/**
 * The YooKassa adapter (API v3, https://yookassa.ru/developers/api): create a payment with an
 * Idempotence-Key, read a payment's state. Payments are captured at once (capture: true), so a
 * paid one goes straight to «succeeded». The order's id travels in metadata, so a notification
 * can be matched to its order from what YooKassa itself reports, never from the notification.
 */
import type { NewPayment, PaymentProvider, PaymentReceipt, PaymentState, PaymentStatus } from './provider';
import { providerUnavailable } from './provider';

export interface YookassaSettings {
  shopId: string;
  secretKey: string;
  /** https://api.yookassa.ru/v3, or a stub in tests. */
  apiUrl: string;
  timeoutMs?: number;
  /** vat_code of every receipt item (1: «без НДС», a bureau on the simplified tax system). */
  vatCode: number;
}

export interface ClosingReceipt {
  paymentId: string;
  /** Rubles: the prepayment that settles it, the whole amount of the order. */
  amount: number;
  receipt: PaymentReceipt;
  idempotenceKey: string;
}

const money = (rubles: number) => ({ value: rubles.toFixed(2), currency: 'RUB' });

/** The receipt as YooKassa reads it; `mode`: full_prepayment with the payment, full_payment to close. */
export function yookassaReceipt(
  receipt: PaymentReceipt,
  vatCode: number,
  mode: 'full_prepayment' | 'full_payment',
) {
  return {
    customer: receipt.customer,
    items: receipt.items.map((item) => ({
      description: item.description,
      quantity: '1.00',
      amount: money(item.amount),
      vat_code: vatCode,
      payment_subject: 'service',
      payment_mode: mode,
    })),
  };
}

interface YookassaPayment {
  id: string;
  status: PaymentStatus;
  paid: boolean;
  amount: { value: string; currency: string };
  confirmation?: { type: string; confirmation_url?: string };
  metadata?: Record<string, string>;
  payment_method?: { type?: string };
}

const STATUSES: readonly PaymentStatus[] = ['pending', 'waiting_for_capture', 'succeeded', 'canceled'];

function isPayment(value: unknown): value is YookassaPayment {
  const payment = value as YookassaPayment | null;
  return (
    typeof payment?.id === 'string' &&
    STATUSES.includes(payment.status) &&
    typeof payment.paid === 'boolean' &&
    typeof payment.amount?.value === 'string'
  );
}

function toState(payment: YookassaPayment): PaymentState {
  const orderId = Number(payment.metadata?.orderId);
  return {
    paymentId: payment.id,
    status: payment.status,
    paid: payment.paid,
    amount: Number(payment.amount.value),
    orderId: Number.isInteger(orderId) && orderId > 0 ? orderId : null,
    confirmationUrl: payment.confirmation?.confirmation_url ?? null,
    method: payment.payment_method?.type === 'sbp' ? 'sbp' : 'card',
  };
}

export interface NewRefund {
  paymentId: string;
  amount: number;
  description: string;
  receipt: PaymentReceipt;
  idempotenceKey: string;
}

export interface RefundAnswer {
  id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  /** Why YooKassa refused it (cancellation_details.reason). */
  reason: string | null;
}

export function createYookassaProvider(settings: YookassaSettings): PaymentProvider & {
  createClosingReceipt(receipt: ClosingReceipt): Promise<string>;
  createRefund(refund: NewRefund): Promise<RefundAnswer>;
} {
  const authorization = `Basic ${Buffer.from(`${settings.shopId}:${settings.secretKey}`).toString('base64')}`;
  const timeoutMs = settings.timeoutMs ?? 10_000;

  async function call(path: string, init: { method: string; body?: unknown; idempotenceKey?: string }) {
    const response = await fetch(`${settings.apiUrl}${path}`, {
      method: init.method,
      headers: {
        authorization,
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.idempotenceKey ? { 'idempotence-key': init.idempotenceKey } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body: unknown = await response.json().catch(() => null);
    return { status: response.status, body };
  }

  async function createOnce(payment: NewPayment) {
    return call('/payments', {
      method: 'POST',
      idempotenceKey: payment.idempotenceKey,
      body: {
        amount: money(payment.amount),
        capture: true,
        ...(payment.method === 'sbp' ? { payment_method_data: { type: 'sbp' } } : {}),
        confirmation: { type: 'redirect', return_url: payment.returnUrl },
        receipt: yookassaReceipt(payment.receipt, settings.vatCode, 'full_prepayment'),
        description: `Заказ № ${payment.orderNumber}`.slice(0, 128),
        metadata: { orderId: String(payment.orderId), orderNumber: payment.orderNumber },
      },
    });
  }

  return {
    name: 'yookassa',
    /** POST /v3/refunds with a refund receipt; throws while YooKassa does not answer. */
    async createRefund(refund) {
      const answer = await call('/refunds', {
        method: 'POST',
        idempotenceKey: refund.idempotenceKey,
        body: {
          payment_id: refund.paymentId,
          amount: money(refund.amount),
          description: refund.description.slice(0, 250),
          receipt: yookassaReceipt(refund.receipt, settings.vatCode, 'full_prepayment'),
        },
      });
      const body = answer.body as {
        id?: unknown;
        status?: unknown;
        cancellation_details?: { reason?: string };
        description?: string;
      } | null;
      if (answer.status >= 500 || answer.status === 429 || !body)
        throw new Error(`ЮKassa не ответила на возврат: HTTP ${answer.status}`);
      if (answer.status >= 300)
        return { id: '', status: 'canceled', reason: body.description ?? `HTTP ${answer.status}` };
      const status = body.status === 'succeeded' || body.status === 'canceled' ? body.status : 'pending';
      return { id: String(body.id), status, reason: body.cancellation_details?.reason ?? null };
    },
    /** POST /v3/receipts: the closing receipt of a prepaid order; throws while YooKassa does not take it. */
    async createClosingReceipt(closing) {
      const answer = await call('/receipts', {
        method: 'POST',
        idempotenceKey: closing.idempotenceKey,
        body: {
          type: 'payment',
          payment_id: closing.paymentId,
          send: true,
          ...yookassaReceipt(closing.receipt, settings.vatCode, 'full_payment'),
          settlements: [{ type: 'prepayment', amount: money(closing.amount) }],
        },
      });
      const id = (answer.body as { id?: unknown } | null)?.id;
      if (answer.status >= 300 || typeof id !== 'string')
        throw new Error(
          `ЮKassa не приняла закрывающий чек: HTTP ${answer.status} ${JSON.stringify(answer.body)}`,
        );
      return id;
    },
    async createPayment(payment) {
      // One retry with the same key: YooKassa answers it with the payment the first try made.
      for (let attempt = 1; ; attempt++) {
        let answer: Awaited<ReturnType<typeof call>> | undefined;
        try {
          answer = await createOnce(payment);
        } catch {
          answer = undefined;
        }
        if (answer && answer.status < 300 && isPayment(answer.body)) {
          const url = answer.body.confirmation?.confirmation_url;
          if (url) return { paymentId: answer.body.id, confirmationUrl: url };
        }
        const retryable = !answer || answer.status >= 500 || answer.status === 429;
        if (!retryable || attempt >= 2) throw providerUnavailable();
      }
    },
    async getPayment(paymentId) {
      let answer: Awaited<ReturnType<typeof call>>;
      try {
        answer = await call(`/payments/${encodeURIComponent(paymentId)}`, { method: 'GET' });
      } catch {
        throw providerUnavailable();
      }
      // A malformed or unknown id (a forged notification) is no payment of ours.
      if (answer.status === 404 || answer.status === 400) return null;
      if (answer.status >= 300 || !isPayment(answer.body)) throw providerUnavailable();
      return toState(answer.body);
    },
  };
}
