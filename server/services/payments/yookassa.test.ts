/** The YooKassa adapter and its webhook, against a local stub that answers like the API v3. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, orderStatusHistory, orders } from '../../db/schema';
import { placeOrder } from '../../test-support/cabinet-fixtures';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { startYookassaStub, type YookassaStub, yookassaEnv } from '../../test-support/yookassa-stub';
import { ORDER_RECEIVED_NOTICE } from '../orders/create-order';
import { createYookassaWebhook } from './yookassa-webhook';

let stub: YookassaStub;
let server: TestServer;
let anna: SignedInTestUser;

beforeAll(async () => {
  stub = await startYookassaStub();
  server = await startTestServer({
    // inject's requests come from 127.0.0.1; a real server keeps YooKassa's own addresses.
    env: yookassaEnv(stub, { YOOKASSA_WEBHOOK_SOURCES: '127.0.0.1, 2a02:5180::/32' }),
  });
  anna = await signInAs(server.context, 'USER', { email: 'anna.yookassa@example.ru' });
});
afterAll(async () => {
  await server?.close();
  await stub?.close();
});

const pay = (orderId: number) =>
  // The customer's page is on localhost:8080: with no PUBLIC_URL, the payment returns there.
  server.app.inject({
    method: 'POST',
    url: `/api/user/orders/${orderId}/payment`,
    headers: { ...anna.headers, host: 'localhost:8080' },
  });
const notification = (paymentId: string, body: Record<string, unknown> = {}) => ({
  type: 'notification',
  event: 'payment.succeeded',
  object: { id: paymentId, status: 'succeeded', paid: true, ...body },
});
const notify = (paymentId: string, body: Record<string, unknown> = {}, remoteAddress = '127.0.0.1') =>
  server.app.inject({
    method: 'POST',
    url: '/api/payments/yookassa/webhook',
    remoteAddress,
    payload: notification(paymentId, body),
  });
const rowOf = async (orderId: number) =>
  (await server.context.db.select().from(orders).where(eq(orders.id, orderId)))[0];

describe('YooKassa payments', () => {
  it('creates one payment with an Idempotence-Key and gives its confirmation URL', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'AWAITING_PAYMENT' });
    const answer = await pay(order.id);
    expect(answer.statusCode).toBe(200);
    const created = stub.requests.filter((r) => r.method === 'POST');
    expect(created).toHaveLength(1);
    expect(created[0]?.idempotenceKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(created[0]?.body).toMatchObject({
      amount: { value: order.amount.toFixed(2), currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: `http://localhost:8080/cabinet/orders/${order.id}` },
      description: `Заказ № ${order.number}`,
      metadata: { orderId: String(order.id) },
    });
    const payment = [...stub.payments.values()].at(-1);
    expect(answer.json().paymentUrl).toBe(payment?.confirmation?.confirmation_url);
    // A second tap finds the open payment instead of making another.
    expect((await pay(order.id)).json().paymentUrl).toBe(answer.json().paymentUrl);
    expect(stub.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    // The demo page does not exist while YooKassa is configured.
    expect((await server.app.inject({ url: '/pay/demo/demo_x' })).body).not.toContain('Тестовый режим');
  });

  it('pays the order once from a repeated notification, and only after YooKassa itself says so', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'AWAITING_PAYMENT' });
    await pay(order.id);
    const paymentId = (await rowOf(order.id))?.paymentId as string;
    // A forged «succeeded» while YooKassa still has it pending changes nothing.
    expect((await notify(paymentId)).statusCode).toBe(200);
    expect(await rowOf(order.id)).toMatchObject({ status: 'AWAITING_PAYMENT', paidAt: null });

    stub.succeed(paymentId);
    const answers = await Promise.all([notify(paymentId), notify(paymentId), notify(paymentId)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers[0]?.json()).toEqual({ success: true, message: 'Уведомление принято' });
    expect((await notify(paymentId)).statusCode).toBe(200);
    expect(await rowOf(order.id)).toMatchObject({ status: 'PAID', paymentId });
    const history = await server.context.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id));
    expect(history.filter((h) => h.status === 'PAID')).toHaveLength(1);
    const notices = await server.context.db
      .select()
      .from(notifications)
      .where(eq(notifications.orderId, order.id));
    expect(notices.filter((notice) => notice.body !== ORDER_RECEIVED_NOTICE)).toHaveLength(1);
  });

  it('ignores unknown payments and a paid amount that differs from the order’s', async () => {
    expect((await notify('2d9f5c3e-000f-5000-8000-000000000000')).statusCode).toBe(200);
    const order = await placeOrder(server, { headers: anna.headers, status: 'AWAITING_PAYMENT' });
    await pay(order.id);
    const paymentId = (await rowOf(order.id))?.paymentId as string;
    stub.succeed(paymentId, '1.00');
    expect((await notify(paymentId)).statusCode).toBe(200);
    expect(await rowOf(order.id)).toMatchObject({ status: 'AWAITING_PAYMENT', paidAt: null });
  });

  it('retries a failed create with the same key, and answers 503 while YooKassa is down', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'AWAITING_PAYMENT' });
    const before = stub.requests.length;
    stub.failNext(1);
    expect((await pay(order.id)).statusCode).toBe(200);
    const tries = stub.requests.slice(before).filter((r) => r.method === 'POST');
    expect(tries).toHaveLength(2);
    expect(tries[0]?.idempotenceKey).toBe(tries[1]?.idempotenceKey);

    const other = await placeOrder(server, { headers: anna.headers, status: 'AWAITING_PAYMENT' });
    stub.failNext(2);
    const down = await pay(other.id);
    expect(down.statusCode).toBe(503);
    expect(down.json().code).toBe('SERVICE_UNAVAILABLE');
    stub.failNext(1);
    expect((await notify('anything')).statusCode).toBe(503);
  });

  it('takes notifications only from its sources, without asking YooKassa about the rest', async () => {
    const before = stub.requests.length;
    const forged = await Promise.all(
      Array.from({ length: 100 }, (_, index) => notify(`forged-${index}`, {}, '203.0.113.7')),
    );
    expect(new Set(forged.map((answer) => answer.statusCode))).toEqual(new Set([403]));
    expect(forged[0]?.json()).toEqual({
      code: 'FORBIDDEN',
      message: 'Уведомления об оплате принимаются только с адресов ЮKassa',
    });
    expect(stub.requests.length).toBe(before);
    // YooKassa's IPv6 network, and an IPv4 address as a dual-stack socket reports it.
    expect((await notify('unknown-v6', {}, '2a02:5180:0:1::25')).statusCode).toBe(200);
    expect((await notify('unknown-v4', {}, '::ffff:127.0.0.1')).statusCode).toBe(200);
  });

  it('asks YooKassa once about a payment however many of its notifications arrive together', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'AWAITING_PAYMENT' });
    await pay(order.id);
    const paymentId = (await rowOf(order.id))?.paymentId as string;
    stub.succeed(paymentId);
    const reads = () => stub.requests.filter((r) => r.method === 'GET' && r.path.endsWith(paymentId)).length;
    const receive = createYookassaWebhook(server.context);
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, () => receive(notification(paymentId), '127.0.0.1')),
    );
    expect(reads()).toBe(1);
    expect(new Set(outcomes)).toEqual(new Set(['paid']));
    // Once answered, the next notification asks again: nothing is remembered for ever.
    expect(await receive(notification(paymentId), '127.0.0.1')).toBe('already-paid');
    expect(reads()).toBe(2);
  });

  it('pays by SBP when asked: payment_method_data sbp with its receipt; the card way is another payment', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'AWAITING_PAYMENT' });
    const payBy = (method: string) =>
      server.app.inject({
        method: 'POST',
        url: `/api/user/orders/${order.id}/payment`,
        headers: { ...anna.headers, host: 'localhost:8080' },
        payload: { method },
      });
    const sbp = await payBy('sbp');
    expect(sbp.statusCode).toBe(200);
    const created = () => stub.requests.filter((r) => r.method === 'POST' && r.path === '/v3/payments');
    expect(created().at(-1)?.body).toMatchObject({
      amount: { value: order.amount.toFixed(2), currency: 'RUB' },
      payment_method_data: { type: 'sbp' },
      confirmation: { type: 'redirect', return_url: `http://localhost:8080/cabinet/orders/${order.id}` },
      receipt: { items: expect.any(Array) },
    });
    const count = created().length;
    // Tapped again: the open SBP payment; the card instead: a payment of its own, without sbp.
    expect((await payBy('sbp')).json().paymentUrl).toBe(sbp.json().paymentUrl);
    expect(created()).toHaveLength(count);
    expect((await payBy('card')).json().paymentUrl).not.toBe(sbp.json().paymentUrl);
    expect(created().at(-1)?.body).not.toHaveProperty('payment_method_data');
    expect((await payBy('cash')).statusCode).toBe(400);
  });

  it('forgets a cancelled payment so the next «Оплатить» starts a new one', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'AWAITING_PAYMENT' });
    const first = (await pay(order.id)).json().paymentUrl;
    const paymentId = (await rowOf(order.id))?.paymentId as string;
    stub.cancel(paymentId);
    await notify(paymentId, { status: 'canceled' });
    expect(await rowOf(order.id)).toMatchObject({ paymentId: null, paymentUrl: null });
    const second = (await pay(order.id)).json().paymentUrl;
    expect(second).not.toBe(first);
  });
});
