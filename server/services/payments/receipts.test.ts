/** 54-FZ receipts through YooKassa: in every payment, adding up to the kopeck; the closing receipt. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders } from '../../db/schema';
import { placeOrder, setStatus } from '../../test-support/cabinet-fixtures';
import { eventually } from '../../test-support/eventually';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import {
  checkReceipt,
  startYookassaStub,
  type YookassaStub,
  yookassaEnv,
} from '../../test-support/yookassa-stub';
import { sendClosingReceipt } from './receipts';

let stub: YookassaStub;
let server: TestServer;
let anna: SignedInTestUser;

beforeAll(async () => {
  stub = await startYookassaStub();
  server = await startTestServer({
    env: yookassaEnv(stub),
  });
  anna = await signInAs(server.context, 'USER', { email: 'anna.receipts@example.ru' });
});
afterAll(async () => {
  await server?.close();
  await stub?.close();
});

const pay = (orderId: number, payload?: Record<string, unknown>) =>
  server.app.inject({
    method: 'POST',
    url: `/api/user/orders/${orderId}/payment`,
    headers: { ...anna.headers, host: 'localhost:8080' },
    ...(payload === undefined ? {} : { payload }),
  });
type Sent = {
  amount: { value: string };
  receipt: { customer: unknown; items: { amount: { value: string } }[] };
};
const lastPaymentRequest = () =>
  stub.requests.filter((r) => r.method === 'POST' && r.path === '/v3/payments').at(-1)?.body as Sent;
const kopecks = (value: string) => Math.round(Number(value) * 100);

describe('receipts (54-FZ)', () => {
  it('sends a receipt with every payment: a line per document with its assurances, delivery, the promo spread to the kopeck', async () => {
    const order = await placeOrder(server, {
      headers: anna.headers,
      status: 'AWAITING_PAYMENT',
      changes: {
        promoCode: 'WELCOME10',
        orderDocuments: [
          { documentId: 1, quantity: 3, assuranceIds: [1] },
          { documentId: 2, quantity: 1, assuranceIds: [] },
        ],
      },
    });
    expect((await pay(order.id)).statusCode).toBe(200);
    const sent = lastPaymentRequest();
    expect(sent.amount.value).toBe(order.amount.toFixed(2));
    expect(sent.receipt.customer).toEqual({ email: expect.stringMatching(/@example\.ru$/) });
    expect(sent.receipt.items).toHaveLength(3);
    expect(sent.receipt.items.map((item) => item)).toEqual([
      expect.objectContaining({ description: expect.stringMatching(/^Перевод: .+ с заверением × 3$/) }),
      expect.objectContaining({ description: expect.stringMatching(/^Перевод: .+ × 1$/) }),
      expect.objectContaining({ description: 'Доставка', amount: { value: '250.00', currency: 'RUB' } }),
    ]);
    for (const item of sent.receipt.items)
      expect(item).toMatchObject({
        quantity: '1.00',
        vat_code: 1,
        payment_subject: 'service',
        payment_mode: 'full_prepayment',
      });
    const sum = sent.receipt.items.reduce((total, item) => total + kopecks(item.amount.value), 0);
    expect(sum).toBe(kopecks(sent.amount.value));
  });

  it('is refused by the stub, as by YooKassa, when the items do not add up or lack a field', () => {
    const item = {
      description: 'Перевод',
      quantity: '1.00',
      amount: { value: '100.00', currency: 'RUB' },
      vat_code: 1,
      payment_subject: 'service',
      payment_mode: 'full_prepayment',
    };
    const customer = { email: 'a@example.ru' };
    expect(checkReceipt({ customer, items: [item] }, '100.00')).toBeNull();
    expect(checkReceipt({ customer, items: [item] }, '100.01')).toMatch(/is not equal to the amount/);
    expect(checkReceipt({ customer, items: [{ ...item, vat_code: undefined }] }, '100.00')).toMatch(
      /vat_code/,
    );
    expect(checkReceipt({ customer, items: [{ ...item, payment_subject: undefined }] }, '100.00')).toMatch(
      /payment_subject/,
    );
    expect(checkReceipt({ customer, items: [{ ...item, payment_mode: undefined }] }, '100.00')).toMatch(
      /payment_mode/,
    );
    expect(checkReceipt({ items: [item] }, '100.00')).toMatch(/customer/);
    expect(checkReceipt(undefined, '100.00')).toBe('receipt is required');
  });

  it('takes the vat_code from YOOKASSA_VAT_CODE', async () => {
    const other = await startTestServer({
      env: {
        YOOKASSA_SHOP_ID: stub.shopId,
        YOOKASSA_SECRET_KEY: stub.secretKey,
        YOOKASSA_API_URL: stub.apiUrl,
        YOOKASSA_VAT_CODE: '4',
      },
    });
    try {
      const bella = await signInAs(other.context, 'USER', { email: 'bella.vat@example.ru' });
      const order = await placeOrder(other, { headers: bella.headers, status: 'AWAITING_PAYMENT' });
      await other.app.inject({
        method: 'POST',
        url: `/api/user/orders/${order.id}/payment`,
        headers: bella.headers,
      });
      expect(
        lastPaymentRequest().receipt.items.every((item) => (item as { vat_code?: number }).vat_code === 4),
      ).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('closes a paid order’s receipt with a full-payment one when it is handed over, once, after a YooKassa failure too', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'AWAITING_PAYMENT' });
    await pay(order.id);
    const [row] = await server.context.db.select().from(orders).where(eq(orders.id, order.id));
    const paymentId = row?.paymentId as string;
    stub.succeed(paymentId);
    await server.context.db.update(orders).set({ paidAt: new Date() }).where(eq(orders.id, order.id));
    await setStatus(server, order.id, 'COMPLETED');

    stub.failNext(1);
    await expect(sendClosingReceipt(server.context, order.id)).rejects.toThrow(/закрывающий чек/);
    const done = await sendClosingReceipt(server.context, order.id);
    expect(done.payload?.receiptId).toEqual(expect.any(String));
    // The task retried once more (pg-boss after a lost answer): the same key, no second receipt.
    await sendClosingReceipt(server.context, order.id);
    const closing = stub.receipts.filter((receipt) => receipt.payment_id === paymentId);
    expect(closing).toHaveLength(1);
    const request = stub.requests.filter((r) => r.path === '/v3/receipts').at(-1);
    expect(request?.body).toMatchObject({
      type: 'payment',
      payment_id: paymentId,
      send: true,
      settlements: [{ type: 'prepayment', amount: { value: order.amount.toFixed(2), currency: 'RUB' } }],
    });
    const items = (request?.body as { items?: object[] } | undefined)?.items ?? [];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items)
      expect(item).toMatchObject({ payment_mode: 'full_payment', payment_subject: 'service', vat_code: 1 });
  });

  it('sends no closing receipt for an order never paid online', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'COMPLETED' });
    expect(await sendClosingReceipt(server.context, order.id)).toEqual({
      refused: 'Заказ не оплачен онлайн: закрывающий чек не нужен',
    });
  });
});

describe('the closing receipt task', () => {
  it('is queued when staff hand a paid order over, and the worker sends it to YooKassa', async () => {
    const withJobs = await startTestServer({
      jobs: true,
      env: {
        YOOKASSA_SHOP_ID: stub.shopId,
        YOOKASSA_SECRET_KEY: stub.secretKey,
        YOOKASSA_API_URL: stub.apiUrl,
      },
    });
    try {
      const customer = await signInAs(withJobs.context, 'USER', { email: 'vera.closing@example.ru' });
      const admin = await signInAs(withJobs.context, 'ADMIN');
      const order = await placeOrder(withJobs, { headers: customer.headers, status: 'AWAITING_PAYMENT' });
      await withJobs.app.inject({
        method: 'POST',
        url: `/api/user/orders/${order.id}/payment`,
        headers: customer.headers,
      });
      const [row] = await withJobs.context.db.select().from(orders).where(eq(orders.id, order.id));
      const paymentId = row?.paymentId as string;
      stub.succeed(paymentId);
      await withJobs.context.db.update(orders).set({ paidAt: new Date() }).where(eq(orders.id, order.id));
      await setStatus(withJobs, order.id, 'READY');
      const moved = await withJobs.app.inject({
        method: 'PATCH',
        url: '/api/order/status',
        headers: admin.headers,
        payload: { id: order.id, status: 'COMPLETED' },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const receipt = await eventually(() => stub.receipts.find((r) => r.payment_id === paymentId), {
        what: 'the closing receipt at the stub',
      });
      expect(receipt.type).toBe('payment');
      // The order's log (the monitor's order page) says the task was done.
      const logged = await eventually(
        async () => {
          const events = await withJobs.context.db
            .select()
            .from(orderEvents)
            .where(eq(orderEvents.orderId, order.id));
          return events.find((event) => event.eventType === 'send-closing-receipt' && event.success);
        },
        { what: 'the task in the order’s log' },
      );
      expect(logged.payload).toMatchObject({ receiptId: receipt.id });
    } finally {
      await withJobs.close();
    }
  });
});
