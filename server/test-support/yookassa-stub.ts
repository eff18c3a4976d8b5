/**
 * A local stand-in for the YooKassa API v3, answering like the real one for the calls the adapter
 * makes: POST /v3/payments (Basic auth with shop id and secret key, Idempotence-Key required, the
 * same key answered with the same payment) and GET /v3/payments/{id}. The test moves a payment
 * along (succeed, cancel) as the bank would, and can make the next calls fail with a 500.
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
}

export interface YookassaStub {
  apiUrl: string;
  shopId: string;
  secretKey: string;
  requests: { method: string; path: string; idempotenceKey: string | undefined; body: unknown }[];
  payments: Map<string, StubPayment>;
  succeed(id: string, amount?: string): void;
  cancel(id: string): void;
  /** The next `count` calls answer 500, as YooKassa does when it is having trouble. */
  failNext(count: number): void;
  close(): Promise<void>;
}

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
  const byKey = new Map<string, string>();
  const requests: YookassaStub['requests'] = [];
  let failures = 0;
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
      };
      payments.set(id, payment);
      byKey.set(idempotenceKey, id);
      return reply(response, 200, payment);
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
    succeed: (id, amount) =>
      update(id, {
        status: 'succeeded',
        paid: true,
        captured_at: new Date().toISOString(),
        ...(amount ? { amount: { value: amount, currency: 'RUB' } } : {}),
      }),
    cancel: (id) => update(id, { status: 'canceled', paid: false }),
    failNext: (count) => {
      failures = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
