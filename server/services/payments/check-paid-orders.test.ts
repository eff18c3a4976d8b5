/**
 * check-new-paid-orders against the local YooKassa stub: an order whose payment the bank reports
 * succeeded — its notification never reached us — is moved to PAID by the periodic check, once,
 * and its customer gets the «оплачен» mail; an unpaid one stays.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders } from '../../db/schema';
import { eventually } from '../../test-support/eventually';
import { createOrder } from '../../test-support/fixtures';
import { waitForEmail } from '../../test-support/outbox';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { startYookassaStub, type YookassaStub } from '../../test-support/yookassa-stub';
import { checkNewPaidOrders } from './check-paid-orders';
import { createYookassaProvider } from './yookassa';

let stub: YookassaStub;
let server: TestServer;
beforeAll(async () => {
  stub = await startYookassaStub();
  server = await startTestServer({
    jobs: true,
    env: {
      YOOKASSA_SHOP_ID: stub.shopId,
      YOOKASSA_SECRET_KEY: stub.secretKey,
      YOOKASSA_API_URL: stub.apiUrl,
    },
  });
});
afterAll(async () => {
  await server?.close();
  await stub?.close();
});

async function orderAwaitingPayment() {
  const order = await createOrder(server.context, { userId: null });
  const provider = createYookassaProvider({
    shopId: stub.shopId,
    secretKey: stub.secretKey,
    apiUrl: stub.apiUrl,
    vatCode: 1,
  });
  const payment = await provider.createPayment({
    orderId: order.id,
    orderNumber: order.number,
    amount: 2140,
    returnUrl: 'http://localhost/cabinet',
    idempotenceKey: `key-${order.id}`,
    method: 'card',
    receipt: {
      customer: { email: 'anna@example.ru' },
      items: [{ description: 'Перевод: Паспорт × 1', amount: 2140 }],
    },
  });
  await server.context.db
    .update(orders)
    .set({ status: 'AWAITING_PAYMENT', amount: 2140, paymentId: payment.paymentId })
    .where(eq(orders.id, order.id));
  return { ...order, paymentId: payment.paymentId };
}

const statusOf = async (id: number) =>
  (await server.context.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]
    ?.status;

describe('check-new-paid-orders', () => {
  it('moves an order paid at the provider to PAID once, and leaves an unpaid one waiting', async () => {
    const paid = await orderAwaitingPayment();
    const unpaid = await orderAwaitingPayment();
    stub.succeed(paid.paymentId);

    const first = await checkNewPaidOrders(server.context);
    expect(first).toMatchObject({ paid: 1, failed: 0 });
    expect(first.checked).toBeGreaterThanOrEqual(2);
    await eventually(async () => ((await statusOf(paid.id)) === 'PAID' ? true : undefined), { what: 'PAID' });
    expect(await statusOf(unpaid.id)).toBe('AWAITING_PAYMENT');

    const mail = await waitForEmail(
      server.context.config.dataDir,
      { to: paid.email, template: 'order-paid' },
      30_000,
    );
    expect(mail.subject).toBe(`Заказ ${paid.number} оплачен`);
    const events = await server.context.db.select().from(orderEvents).where(eq(orderEvents.orderId, paid.id));
    expect(events.filter((e) => e.eventType === 'payment-received' && e.success)).toHaveLength(1);
    expect(events.find((e) => e.eventType === 'change-status')).toMatchObject({
      success: true,
      payload: { status: 'PAID', paymentId: paid.paymentId, moved: true },
    });

    // The next run finds nothing more to do: the order is no longer awaiting payment.
    expect((await checkNewPaidOrders(server.context)).paid).toBe(0);
  }, 90_000);

  it('fails the run when the provider answers nothing at all, so the monitor shows it', async () => {
    stub.failNext(100);
    await expect(checkNewPaidOrders(server.context)).rejects.toThrow('Платёжный сервис не отвечает');
    stub.failNext(0);
  });
});
