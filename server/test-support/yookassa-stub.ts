/**
 * A local stand-in for the YooKassa API v3, answering like the real one for the calls the adapter
 * makes: POST /v3/payments (Basic auth with shop id and secret key, Idempotence-Key required, the
 * same key answered with the same payment), GET /v3/payments/{id} and POST /v3/receipts. Like a
 * shop with «Чеки от ЮKassa» turned on, it refuses a payment without a receipt, and a receipt
 * whose items lack vat_code, payment_subject or payment_mode or do not add up to the amount to
 * the kopeck (checkReceipt). The test moves a payment along (succeed, cancel) as the bank would,
 * and can make the next calls fail with a 500.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubPayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: { value: string; currency: string };
  description?: string;
  recipient: { account_id: string; gateway_id: string };
  created_at: string;
  captured_at?: string;
  confirmation?: { type: 'redirect'; confirmation_url: string; return_url: string };
  metadata: Record<string, string>;
  test: boolean;
  refundable: boolean;
  payment_method?: { type: string; id: string; saved: boolean };
  receipt_registration?: 'pending' | 'succeeded';
}

export interface StubReceipt {
  id: string;
  type: 'payment' | 'refund';
  payment_id: string;
  status: 'pending' | 'succeeded';
  items: unknown[];
  settlements: unknown[];
}

export interface StubRefund {
  id: string;
  payment_id: string;
  status: 'succeeded' | 'canceled';
  cancellation_details?: { party: 'yoo_money'; reason: string };
  amount: { value: string; currency: 'RUB' };
  description?: string;
  receipt_registration: 'pending';
}

interface ReceiptInput {
  customer?: { email?: string; phone?: string };
  items?: {
    description?: string;
    quantity?: string;
    amount?: { value?: string; currency?: string };
    vat_code?: number;
    payment_subject?: string;
    payment_mode?: string;
  }[];
}

const KOPECKS = (value: string) => Math.round(Number(value) * 100);
const MONEY = /^\d+\.\d{2}$/;

/**
 * What YooKassa checks in a receipt: a customer to send it to, items with every field, and
 * Σ amount × quantity equal to `total` (the payment's or the settlements') to the kopeck.
 * The problem in YooKassa's words, or null when the receipt is good.
 */
export function checkReceipt(receipt: ReceiptInput | undefined, total: string, mode?: string): string | null {
  if (!receipt) return 'receipt is required';
  if (!receipt.customer?.email && !receipt.customer?.phone)
    return 'receipt.customer.email or phone is required';
  if (!Array.isArray(receipt.items) || receipt.items.length === 0) return 'receipt.items is required';
  let sum = 0;
  for (const [index, item] of receipt.items.entries()) {
    const at = `receipt.items[${index}]`;
    if (!item.description || item.description.length > 128) return `${at}.description is invalid`;
    if (!item.quantity || !/^\d+(\.\d+)?$/.test(item.quantity)) return `${at}.quantity is invalid`;
    if (!item.amount?.value || !MONEY.test(item.amount.value) || item.amount.currency !== 'RUB')
      return `${at}.amount is invalid`;
    if (!Number.isInteger(item.vat_code) || (item.vat_code as number) < 1 || (item.vat_code as number) > 12)
      return `${at}.vat_code is missing or invalid`;
    if (!item.payment_subject) return `${at}.payment_subject is missing`;
    if (!item.payment_mode) return `${at}.payment_mode is missing`;
    if (mode && item.payment_mode !== mode) return `${at}.payment_mode must be ${mode}`;
    sum += Math.round(KOPECKS(item.amount.value) * Number(item.quantity));
  }
  if (sum !== KOPECKS(total))
    return `the sum of receipt.items (${(sum / 100).toFixed(2)}) is not equal to the amount (${total})`;
  return null;
}

export interface YookassaStub {
  apiUrl: string;
  shopId: string;
  secretKey: string;
  requests: { method: string; path: string; idempotenceKey: string | undefined; body: unknown }[];
  payments: Map<string, StubPayment>;
  receipts: StubReceipt[];
  refunds: StubRefund[];
  succeed(id: string, amount?: string): void;
  cancel(id: string): void;
  /** The next `count` calls answer 500, as YooKassa does when it is having trouble. */
  failNext(count: number): void;
  /** The next refund is made canceled, as YooKassa answers one it refuses (`reason` its reason). */
  refuseNextRefund(reason?: string): void;
  close(): Promise<void>;
}

/** The environment that points a test server's YooKassa adapter at the stub. */
export const yookassaEnv = (stub: YookassaStub, more: Record<string, string> = {}) => ({
  YOOKASSA_SHOP_ID: stub.shopId,
  YOOKASSA_SECRET_KEY: stub.secretKey,
  YOOKASSA_API_URL: stub.apiUrl,
  ...more,
});

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : undefined;
};

export async function startYookassaStub(
  shopId = '123456',
  secretKey = 'test_secret_key',
): Promise<YookassaStub> {
  const payments = new Map<string, StubPayment>();
  const receipts: StubReceipt[] = [];
  const receiptByKey = new Map<string, StubReceipt>();
  const refunds: StubRefund[] = [];
  const refundByKey = new Map<string, StubRefund>();
  const byKey = new Map<string, string>();
  const requests: YookassaStub['requests'] = [];
  let failures = 0;
  let refusal: string | null = null;
  const expected = `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`;

  const reply = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const error = (response: ServerResponse, status: number, code: string, description: string) =>
    reply(response, status, { type: 'error', id: randomUUID(), code, description });

  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://stub').pathname;
    const idempotenceKey = request.headers['idempotence-key'] as string | undefined;
    const body = await readBody(request).catch(() => null);
    requests.push({ method: request.method ?? '', path, idempotenceKey, body });
    if (failures > 0) {
      failures--;
      return error(response, 500, 'internal_server_error', 'Internal server error');
    }
    if (request.headers.authorization !== expected)
      return error(response, 401, 'invalid_credentials', 'Login and password are not valid');

    if (request.method === 'POST' && path === '/v3/payments') {
      if (!idempotenceKey)
        return error(response, 400, 'invalid_request', 'Idempotence-Key header is missing');
      const known = byKey.get(idempotenceKey);
      if (known) return reply(response, 200, payments.get(known));
      const input = body as {
        amount?: { value?: string; currency?: string };
        confirmation?: { type?: string; return_url?: string };
        description?: string;
        metadata?: Record<string, string>;
        capture?: boolean;
        payment_method_data?: { type?: string };
        receipt?: ReceiptInput;
      } | null;
      if (
        !input?.amount?.value ||
        !/^\d+\.\d{2}$/.test(input.amount.value) ||
        input.amount.currency !== 'RUB'
      )
        return error(response, 400, 'invalid_request', 'amount is invalid');
      if (input.confirmation?.type !== 'redirect' || !input.confirmation.return_url)
        return error(response, 400, 'invalid_request', 'confirmation.return_url is required');
      if ((input.description?.length ?? 0) > 128)
        return error(response, 400, 'invalid_request', 'description is too long');
      const receiptProblem = checkReceipt(input.receipt, input.amount.value);
      if (receiptProblem) return error(response, 400, 'invalid_request', receiptProblem);
      const method = input.payment_method_data?.type;
      if (method !== undefined && method !== 'sbp' && method !== 'bank_card')
        return error(response, 400, 'invalid_request', 'payment_method_data.type is not supported');
      const id = `${randomUUID().slice(0, 8)}-000f-5000-8000-${randomUUID().slice(-12)}`;
      const payment: StubPayment = {
        id,
        status: 'pending',
        paid: false,
        amount: { value: input.amount.value, currency: 'RUB' },
        description: input.description,
        recipient: { account_id: shopId, gateway_id: '100500' },
        created_at: new Date().toISOString(),
        confirmation: {
          type: 'redirect',
          confirmation_url: `https://yoomoney.ru/checkout/payments/v2/contract?orderId=${id}`,
          return_url: input.confirmation.return_url,
        },
        metadata: input.metadata ?? {},
        test: true,
        refundable: false,
        ...(method ? { payment_method: { type: method, id: randomUUID(), saved: false } } : {}),
        receipt_registration: 'pending',
      };
      payments.set(id, payment);
      byKey.set(idempotenceKey, id);
      return reply(response, 200, payment);
    }
    if (request.method === 'POST' && path === '/v3/refunds') {
      if (!idempotenceKey)
        return error(response, 400, 'invalid_request', 'Idempotence-Key header is missing');
      const known = refundByKey.get(idempotenceKey);
      if (known) return reply(response, 200, known);
      const input = body as {
        payment_id?: string;
        amount?: { value?: string; currency?: string };
        description?: string;
        receipt?: ReceiptInput;
      } | null;
      const payment = payments.get(input?.payment_id ?? '');
      if (payment?.status !== 'succeeded')
        return error(response, 400, 'invalid_request', 'payment_id is unknown or not succeeded');
      if (!input?.amount?.value || !MONEY.test(input.amount.value) || input.amount.currency !== 'RUB')
        return error(response, 400, 'invalid_request', 'amount is invalid');
      const refunded = refunds
        .filter((refund) => refund.payment_id === payment.id && refund.status === 'succeeded')
        .reduce((sum, refund) => sum + KOPECKS(refund.amount.value), 0);
      if (refunded + KOPECKS(input.amount.value) > KOPECKS(payment.amount.value))
        return error(response, 400, 'invalid_request', 'amount is greater than the amount left to refund');
      const problem = checkReceipt(input.receipt, input.amount.value);
      if (problem) return error(response, 400, 'invalid_request', problem);
      const refund: StubRefund = {
        id: `${randomUUID().slice(0, 8)}-0015-5000-9000-${randomUUID().slice(-12)}`,
        payment_id: payment.id,
        status: refusal ? 'canceled' : 'succeeded',
        ...(refusal ? { cancellation_details: { party: 'yoo_money' as const, reason: refusal } } : {}),
        amount: { value: input.amount.value, currency: 'RUB' },
        description: input.description,
        receipt_registration: 'pending',
      };
      refusal = null;
      refunds.push(refund);
      refundByKey.set(idempotenceKey, refund);
      return reply(response, 200, refund);
    }
    if (request.method === 'POST' && path === '/v3/receipts') {
      if (!idempotenceKey)
        return error(response, 400, 'invalid_request', 'Idempotence-Key header is missing');
      const known = receiptByKey.get(idempotenceKey);
      if (known) return reply(response, 200, known);
      const input = body as
        | (ReceiptInput & {
            type?: string;
            payment_id?: string;
            settlements?: { type?: string; amount?: { value?: string } }[];
          })
        | null;
      if (input?.type !== 'payment') return error(response, 400, 'invalid_request', 'type is invalid');
      const payment = payments.get(input.payment_id ?? '');
      if (!payment) return error(response, 400, 'invalid_request', 'payment_id is unknown');
      const settlement = input.settlements?.[0];
      if (
        settlement?.type !== 'prepayment' ||
        !settlement.amount?.value ||
        !MONEY.test(settlement.amount.value)
      )
        return error(response, 400, 'invalid_request', 'settlements are invalid');
      const problem = checkReceipt(input, settlement.amount.value, 'full_payment');
      if (problem) return error(response, 400, 'invalid_request', problem);
      const receipt: StubReceipt = {
        id: `${randomUUID().slice(0, 8)}-0017-5000-8000-${randomUUID().slice(-12)}`,
        type: 'payment',
        payment_id: payment.id,
        status: 'pending',
        items: input.items ?? [],
        settlements: input.settlements ?? [],
      };
      receipts.push(receipt);
      receiptByKey.set(idempotenceKey, receipt);
      return reply(response, 200, receipt);
    }
    const match = /^\/v3\/payments\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && match) {
      const payment = payments.get(decodeURIComponent(match[1] ?? ''));
      return payment ? reply(response, 200, payment) : error(response, 404, 'not_found', 'Payment not found');
    }
    return error(response, 404, 'not_found', 'Unknown method');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const update = (id: string, change: Partial<StubPayment>) => {
    const payment = payments.get(id);
    if (!payment) throw new Error(`no stub payment ${id}`);
    payments.set(id, { ...payment, ...change });
  };
  return {
    apiUrl: `http://127.0.0.1:${port}/v3`,
    shopId,
    secretKey,
    requests,
    payments,
    receipts,
    refunds,
    succeed: (id, amount) =>
      update(id, {
        status: 'succeeded',
        paid: true,
        captured_at: new Date().toISOString(),
        ...(amount ? { amount: { value: amount, currency: 'RUB' } } : {}),
      }),
    cancel: (id) => update(id, { status: 'canceled', paid: false }),
    refuseNextRefund: (reason = 'rejected_by_payee') => {
      refusal = reason;
    },
    failNext: (count) => {
      failures = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
