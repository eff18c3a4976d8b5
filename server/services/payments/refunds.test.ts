/** Refunds of cancelled paid orders: whole and partial, retried after YooKassa fails, made once. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, orders, refunds } from '../../db/schema';
import { placeOrder } from '../../test-support/cabinet-fixtures';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { startYookassaStub, type YookassaStub, yookassaEnv } from '../../test-support/yookassa-stub';
import { sendRefund } from './refunds';

let stub: YookassaStub;
let server: TestServer;
let anna: SignedInTestUser;
let admin: SignedInTestUser;

beforeAll(async () => {
  stub = await startYookassaStub();
  server = await startTestServer({ env: yookassaEnv(stub) });
  anna = await signInAs(server.context, 'USER', { email: 'anna.refunds@example.ru' });
  admin = await signInAs(server.context, 'ADMIN');
});
afterAll(async () => {
  await server?.close();
  await stub?.close();
});

/** An order paid through the stub, in the status a paid order is in while being translated. */
async function paidOrder(changes: Record<string, unknown> = {}) {
  const order = await placeOrder(server, { headers: anna.headers, status: 'AWAITING_PAYMENT', changes });
  await server.app.inject({
    method: 'POST',
    url: `/api/user/orders/${order.id}/payment`,
    headers: anna.headers,
  });
  const [row] = await server.context.db.select().from(orders).where(eq(orders.id, order.id));
  stub.succeed(row?.paymentId as string);
  await server.context.db
    .update(orders)
    .set({ status: 'IN_TRANSLATION', paidAt: new Date() })
    .where(eq(orders.id, order.id));
  return { ...order, paymentId: row?.paymentId as string };
}
const refund = (orderId: number, payload: Record<string, unknown>, headers = admin.headers) =>
  server.app.inject({ method: 'POST', url: `/api/order/${orderId}/refund`, headers, payload });
const refundRequests = () => stub.requests.filter((r) => r.method === 'POST' && r.path === '/v3/refunds');
const kopecks = (value: string) => Math.round(Number(value) * 100);

describe('refunds', () => {
  it('returns the whole amount by default, cancels the order and tells the customer', async () => {
    const order = await paidOrder();
    const answer = await refund(order.id, { reason: 'Бюро не может выполнить перевод в срок' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      replayed: false,
      refund: { amount: order.amount, status: 'SUCCEEDED', reason: 'Бюро не может выполнить перевод в срок' },
    });
    const sent = refundRequests().at(-1);
    expect(sent?.idempotenceKey).toMatch(/^[0-9a-f-]{36}$/);
    const body = sent?.body as {
      payment_id: string;
      amount: { value: string };
      receipt: { items: { amount: { value: string } }[] };
    };
    expect(body.payment_id).toBe(order.paymentId);
    expect(body.amount.value).toBe(order.amount.toFixed(2));
    expect(body.receipt.items.reduce((sum, item) => sum + kopecks(item.amount.value), 0)).toBe(
      kopecks(body.amount.value),
    );
    const [row] = await server.context.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('CANCELLED');
    const notices = await server.context.db
      .select()
      .from(notifications)
      .where(eq(notifications.orderId, order.id));
    expect(notices.map((notice) => notice.body)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Оформлен возврат /),
        expect.stringMatching(/^Возврат .+ выполнен/),
      ]),
    );
    const staff = await server.app.inject({ url: `/api/order/${order.id}/refund`, headers: admin.headers });
    expect(staff.json().refund).toMatchObject({ status: 'SUCCEEDED', amount: order.amount });
  });

  it('returns part of the amount with a receipt for that part, to the kopeck', async () => {
    const order = await paidOrder({ promoCode: 'WELCOME10' });
    const answer = await refund(order.id, { amount: 1000.01, reason: 'Часть документов не переводим' });
    expect(answer.json().refund).toMatchObject({ amount: 1000.01, status: 'SUCCEEDED' });
    const body = refundRequests().at(-1)?.body as {
      amount: { value: string };
      receipt: { items: { amount: { value: string } }[] };
    };
    expect(body.amount.value).toBe('1000.01');
    expect(body.receipt.items.reduce((sum, item) => sum + kopecks(item.amount.value), 0)).toBe(100001);
  });

  it('is retried after YooKassa fails, with the same key, and made once however often it is asked', async () => {
    const order = await paidOrder();
    const before = refundRequests().length;
    stub.failNext(1);
    const answers = await Promise.all([
      refund(order.id, { reason: 'Отмена по просьбе клиента' }),
      refund(order.id, { reason: 'Отмена по просьбе клиента' }),
      refund(order.id, { reason: 'Отмена по просьбе клиента' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.json().replayed === false)).toHaveLength(1);
    const [row] = await server.context.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    // The first send met the 500: the refund waits for the task's retry.
    expect(row).toMatchObject({ status: 'PENDING', error: expect.stringMatching(/HTTP 500/) });
    await sendRefund(server.context, row?.id as number);
    await sendRefund(server.context, row?.id as number);
    const tries = refundRequests().slice(before);
    expect(tries).toHaveLength(2);
    expect(new Set(tries.map((t) => t.idempotenceKey)).size).toBe(1);
    expect(stub.refunds.filter((r) => r.payment_id === order.paymentId)).toHaveLength(1);
    const [done] = await server.context.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(done).toMatchObject({ status: 'SUCCEEDED', error: null });
    // Another amount for the same order is refused.
    const other = await refund(order.id, { amount: 1, reason: 'ещё' });
    expect(other.statusCode).toBe(409);
  });

  it('refuses an unpaid order, too much money, and anyone but an ADMIN', async () => {
    const unpaid = await placeOrder(server, { headers: anna.headers, status: 'AWAITING_PAYMENT' });
    expect((await refund(unpaid.id, { reason: 'x' })).json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Заказ не оплачен онлайн: возвращать нечего',
    });
    const order = await paidOrder();
    const tooMuch = await refund(order.id, { amount: order.amount + 1, reason: 'x' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toMatch(/^Сумма возврата — от 0,01 ₽ до суммы заказа/);
    const manager = await signInAs(server.context, 'MANAGER');
    expect((await refund(order.id, { reason: 'x' }, manager.headers)).statusCode).toBe(403);
    const [row] = await server.context.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('IN_TRANSLATION');
  });
});
