/**
 * The customer hears of a refund: one mail and one notification when it is made (saying the order
 * is cancelled, how much comes back, why, and when it arrives by how they paid), another when the
 * provider has done it or refused it; and the cabinet's order shows it.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRubles } from '../../../src/domain/format';
import { notifications, orders, refunds } from '../../db/schema';
import { placeOrder } from '../../test-support/cabinet-fixtures';
import { eventually } from '../../test-support/eventually';
import { listOutbox, waitForEmail } from '../../test-support/outbox';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { startYookassaStub, type YookassaStub, yookassaEnv } from '../../test-support/yookassa-stub';

let stub: YookassaStub;
let server: TestServer;
let anna: SignedInTestUser;
let admin: SignedInTestUser;

beforeAll(async () => {
  stub = await startYookassaStub();
  server = await startTestServer({
    jobs: true,
    env: yookassaEnv(stub, { YOOKASSA_WEBHOOK_SOURCES: '127.0.0.1' }),
  });
  anna = await signInAs(server.context, 'USER', { email: 'anna.refund-mail@example.ru' });
  admin = await signInAs(server.context, 'ADMIN');
}, 60_000);
afterAll(async () => {
  await server?.close();
  await stub?.close();
});

/** An order paid through the stub by `method`, confirmed by YooKassa's notification. */
async function paidOrder(method: 'card' | 'sbp') {
  const order = await placeOrder(server, {
    headers: anna.headers,
    status: 'AWAITING_PAYMENT',
    changes: { email: 'anna.refund-mail@example.ru' },
  });
  const started = await server.app.inject({
    method: 'POST',
    url: `/api/user/orders/${order.id}/payment`,
    headers: anna.headers,
    payload: { method },
  });
  expect(started.statusCode, started.body).toBe(200);
  const [row] = await server.context.db.select().from(orders).where(eq(orders.id, order.id));
  const paymentId = row?.paymentId as string;
  stub.succeed(paymentId);
  const notified = await server.app.inject({
    method: 'POST',
    url: '/api/payments/yookassa/webhook',
    remoteAddress: '127.0.0.1',
    payload: { type: 'notification', event: 'payment.succeeded', object: { id: paymentId } },
  });
  expect(notified.statusCode, notified.body).toBe(200);
  await eventually(async () => {
    const [paid] = await server.context.db.select().from(orders).where(eq(orders.id, order.id));
    return paid?.status === 'PAID' ? paid : undefined;
  });
  return order;
}

const refund = (orderId: number, payload: Record<string, unknown>) =>
  server.app.inject({ method: 'POST', url: `/api/order/${orderId}/refund`, headers: admin.headers, payload });
const noticesOf = (orderId: number) =>
  server.context.db.select().from(notifications).where(eq(notifications.orderId, orderId));
const refundOf = async (orderId: number) =>
  (await server.context.db.select().from(refunds).where(eq(refunds.orderId, orderId)))[0];
const dataDir = () => server.context.config.dataDir;
const mailsOf = (template: string) =>
  listOutbox(dataDir()).filter((file) => file.endsWith(`-${template}.eml`));
/** The order's next mail of `template` (every order here is mailed to the same address). */
const nextMail = (order: { email: string }, template: string, seen: readonly string[]) =>
  waitForEmail(dataDir(), { to: order.email, template, seen }, 30_000);
const AMOUNT = formatRubles(1000.5);

describe('a refund seen by the customer', () => {
  it('mails and notifies a card refund with its amount, reason, order and when the money arrives', async () => {
    const order = await paidOrder('card');
    const cancelledBefore = mailsOf('order-cancelled').length;
    const seen = listOutbox(dataDir());
    const answer = await refund(order.id, { amount: 1000.5, reason: 'Бюро не успевает к сроку' });
    expect(answer.statusCode, answer.body).toBe(200);

    const made = await nextMail(order, 'refund-made', seen);
    expect(made.subject).toBe(`Возврат по заказу ${order.number}: ${AMOUNT}`);
    expect(made.text).toContain(`Заказ ${order.number} отменён, и мы оформили возврат ${AMOUNT}.`);
    expect(made.text).toContain('Причина: Бюро не успевает к сроку');
    expect(made.text).toContain('на карту, с которой вы платили, — обычно до 10 рабочих дней');
    expect(made.html).toContain(`<strong>${AMOUNT}</strong>`);
    // The send-refund task has the stub's answer: the refund is done, and said so.
    const done = await nextMail(order, 'refund-succeeded', seen);
    expect(done.subject).toBe(`Возврат по заказу ${order.number} выполнен`);
    expect(done.text).toContain(`Возврат ${AMOUNT} по заказу ${order.number} выполнен`);
    // One message for the cancellation and its refund, not a second «order cancelled».
    expect(mailsOf('order-cancelled')).toHaveLength(cancelledBefore);

    const notices = await eventually(async () => {
      const rows = await noticesOf(order.id);
      return rows.some((row) => row.title === 'Возврат выполнен') ? rows : undefined;
    });
    expect(notices.map((notice) => [notice.type, notice.title, notice.body])).toEqual(
      expect.arrayContaining([
        [
          'PAYMENT',
          `Заказ ${order.number} отменён`,
          expect.stringMatching(new RegExp(`^Оформлен возврат ${AMOUNT}\\. Деньги вернутся на карту`)),
        ],
        ['PAYMENT', 'Возврат выполнен', expect.stringContaining(`по заказу ${order.number} выполнен`)],
      ]),
    );
    expect(notices.filter((notice) => notice.body === 'Заказ отменён')).toEqual([]);

    const cabinet = await server.app.inject({ url: `/api/user/orders/${order.id}`, headers: anna.headers });
    expect(cabinet.json().order.refund).toMatchObject({
      amount: 1000.5,
      reason: 'Бюро не успевает к сроку',
      status: 'SUCCEEDED',
      paymentMethod: 'card',
      doneAt: expect.any(String),
    });
    expect(cabinet.json().order.refund).not.toHaveProperty('error');
  }, 90_000);

  it('says an SBP refund arrives the next day', async () => {
    const order = await paidOrder('sbp');
    const seen = listOutbox(dataDir());
    await refund(order.id, { reason: 'Документ не подлежит переводу' });
    const made = await nextMail(order, 'refund-made', seen);
    expect(made.subject).toContain(order.number);
    expect(made.text).toContain('на счёт, с которого вы платили через СБП, — обычно на следующий день');
    await nextMail(order, 'refund-succeeded', seen);
    const cabinet = await server.app.inject({ url: `/api/user/orders/${order.id}`, headers: anna.headers });
    expect(cabinet.json().order.refund).toMatchObject({ paymentMethod: 'sbp' });
  }, 90_000);

  it('tells the customer when YooKassa refuses the refund, and the order shows the error', async () => {
    const order = await paidOrder('card');
    const seen = listOutbox(dataDir());
    stub.refuseNextRefund('insufficient_funds');
    await refund(order.id, { reason: 'Клиент отказался от заказа' });
    const failed = await nextMail(order, 'refund-failed', seen);
    expect(failed.subject).toBe(`Возврат по заказу ${order.number} не прошёл`);
    expect(failed.text).toContain('Мы свяжемся с вами, чтобы вернуть деньги другим способом');
    expect(await refundOf(order.id)).toMatchObject({ status: 'FAILED', error: 'insufficient_funds' });
    const notice = await eventually(async () => {
      const rows = await server.context.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.orderId, order.id),
            eq(notifications.title, `Возврат по заказу ${order.number} не прошёл`),
          ),
        );
      return rows[0];
    });
    expect(notice.body).toMatch(/^Платёжный сервис отклонил возврат/);
    const cabinet = await server.app.inject({ url: `/api/user/orders/${order.id}`, headers: anna.headers });
    expect(cabinet.json().order.refund).toMatchObject({ status: 'FAILED' });
  }, 90_000);
});
