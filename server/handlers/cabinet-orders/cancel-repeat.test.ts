/** POST /api/user/orders/{id}/cancel and /repeat: the customer's own orders, by the status machine. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentTypes,
  notifications,
  orderDocuments,
  orderFiles,
  orderStatusHistory,
  orders,
} from '../../db/schema';
import { ORDER_RECEIVED_NOTICE } from '../../services/orders/create-order';
import { placeOrder } from '../../test-support/cabinet-fixtures';
import { createFile } from '../../test-support/fixtures';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let anna: SignedInTestUser;
let boris: SignedInTestUser;

beforeAll(async () => {
  server = await startTestServer();
  anna = await signInAs(server.context, 'USER', { email: 'anna.cancel@example.ru' });
  boris = await signInAs(server.context, 'USER', { email: 'boris.cancel@example.ru' });
});
afterAll(() => server?.close());

const post = (url: string, who?: SignedInTestUser) =>
  server.app.inject({ method: 'POST', url, headers: who ? who.headers : {} });

const historyOf = (orderId: number) =>
  server.context.db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(orderStatusHistory.id);

describe('cancelling an order from the cabinet', () => {
  it('cancels an unpaid order once: status, history entry and a message, without notifying the one who cancelled', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'AWAITING_PAYMENT' });
    const answer = await post(`/api/user/orders/${order.id}/cancel`, anna);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      message: `Заказ № ${order.number} отменён`,
      order: {
        id: order.id,
        status: 'CANCELLED',
        statusLabel: 'Отменён',
        actions: { canCancel: false, canPay: false },
      },
    });
    const history = await historyOf(order.id);
    expect(history.at(-1)).toMatchObject({
      fromStatus: 'AWAITING_PAYMENT',
      status: 'CANCELLED',
      actorUserId: anna.userId,
      actorRole: 'USER',
    });
    const notices = await server.context.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderId, order.id), eq(notifications.userId, anna.userId)));
    expect(notices.filter((notice) => notice.body !== ORDER_RECEIVED_NOTICE)).toEqual([]);

    const again = await post(`/api/user/orders/${order.id}/cancel`, anna);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: 'Заказ уже отменён' });
    expect(await historyOf(order.id)).toHaveLength(history.length);
  });

  it('refuses with the reason in Russian once the order is paid or in work, and changes nothing', async () => {
    for (const status of ['PAID', 'IN_TRANSLATION', 'COMPLETED'] as const) {
      const order = await placeOrder(server, { headers: anna.headers, status });
      const answer = await post(`/api/user/orders/${order.id}/cancel`, anna);
      expect(answer.statusCode, status).toBe(409);
      expect(answer.json().code).toBe('CONFLICT');
      expect(answer.json().message).toMatch(/нельзя/);
      const [row] = await server.context.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row?.status).toBe(status);
    }
  });

  it('answers 404 for another customer’s order and 401 without a token', async () => {
    const order = await placeOrder(server, { headers: anna.headers });
    expect((await post(`/api/user/orders/${order.id}/cancel`, boris)).statusCode).toBe(404);
    expect((await post(`/api/user/orders/${order.id}/cancel`)).statusCode).toBe(401);
    expect((await post(`/api/user/orders/${order.id}/repeat`, boris)).statusCode).toBe(404);
    expect((await post(`/api/user/orders/${order.id}/repeat`)).statusCode).toBe(401);
    const [row] = await server.context.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('NEW');
  });
});

describe('repeating an order', () => {
  it('makes a new NEW order with the same lines and options at today’s prices, without payment or files', async () => {
    const source = await placeOrder(server, {
      headers: anna.headers,
      changes: {
        orderDocuments: [
          { documentId: 1, quantity: 2, assuranceIds: [1] },
          { documentId: 2, quantity: 1, assuranceIds: [] },
        ],
        originalLanguage: 'de',
        targetLanguage: 'ru',
        comment: 'Срочно',
        promoCode: 'WELCOME10',
      },
      status: 'PAID',
    });
    const file = await createFile(server.context, anna.userId, source.id);
    await server.context.db.insert(orderFiles).values({ orderId: source.id, fileId: file.id });
    await server.context.db
      .update(orders)
      .set({ paymentId: 'pay-1', paymentUrl: 'https://pay.example/1', paidAt: new Date() })
      .where(eq(orders.id, source.id));
    // The catalogue's price changed since: the repeat pays today's.
    const [passport] = await server.context.db.select().from(documentTypes).where(eq(documentTypes.id, 1));
    await server.context.db
      .update(documentTypes)
      .set({ price: (passport?.price ?? 0) + 100 })
      .where(eq(documentTypes.id, 1));

    const answer = await post(`/api/user/orders/${source.id}/repeat`, anna);
    await server.context.db
      .update(documentTypes)
      .set({ price: passport?.price ?? 0 })
      .where(eq(documentTypes.id, 1));
    expect(answer.statusCode).toBe(201);
    const { order: repeated, message } = answer.json();
    expect(repeated.id).not.toBe(source.id);
    expect(message).toBe(`Создан новый заказ № ${repeated.number}`);
    expect(repeated.number).toMatch(/^\d{4}-\d{5}$/);
    expect(repeated).toMatchObject({
      status: 'NEW',
      originalLanguage: 'de',
      targetLanguage: 'ru',
      deliveryType: 'PICKUP_POINT',
      place: { id: 1 },
      files: [],
      paymentUrl: null,
      paidAt: null,
      comment: null,
      promoCode: null,
      discountPercent: 0,
    });
    const sourceLines = await server.context.db
      .select()
      .from(orderDocuments)
      .where(eq(orderDocuments.orderId, source.id));
    expect(
      repeated.documents.map(
        (line: { documentId: number; quantity: number; assurances: { assuranceId: number }[] }) => ({
          documentId: line.documentId,
          quantity: line.quantity,
          assuranceIds: line.assurances.map((a) => a.assuranceId),
        }),
      ),
    ).toEqual([
      { documentId: 1, quantity: 2, assuranceIds: [1] },
      { documentId: 2, quantity: 1, assuranceIds: [] },
    ]);
    const passportLine = repeated.documents[0];
    expect(passportLine.price).toBe((sourceLines.find((l) => l.documentId === 1)?.price ?? 0) + 100);
    const history = await historyOf(repeated.id);
    expect(history.map((h) => [h.fromStatus, h.status])).toEqual([[null, 'NEW']]);
    const [row] = await server.context.db.select().from(orders).where(eq(orders.id, repeated.id));
    expect(row).toMatchObject({ userId: anna.userId, paymentId: null, promoCodeId: null });
    // The new order is in the cabinet, first.
    const list = (await server.app.inject({ url: '/api/user/orders', headers: anna.headers })).json();
    expect(list.items[0].id).toBe(repeated.id);
  });

  it('says in Russian why an order cannot be repeated when its document is no longer offered', async () => {
    const [spare] = await server.context.db
      .insert(documentTypes)
      .values({ type: 'Справка для повтора', price: 700 })
      .returning();
    const source = await placeOrder(server, {
      headers: anna.headers,
      changes: { orderDocuments: [{ documentId: spare?.id, quantity: 1 }] },
    });
    await server.context.db
      .update(documentTypes)
      .set({ isActive: false })
      .where(eq(documentTypes.id, spare?.id as number));
    const answer = await post(`/api/user/orders/${source.id}/repeat`, anna);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Повторить заказ нельзя: этот документ больше не принимается, выберите другой',
    });
  });
});
