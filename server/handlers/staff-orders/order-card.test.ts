/** The order card and its edits: GET /api/order/{id}, amount, other document, payment link, delete. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../src/domain/order-status';
import { orderChanges, orders } from '../../db/schema';
import { createOrder } from '../../services/orders/create-order';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let admin: SignedInTestUser;
let manager: SignedInTestUser;
let partner: SignedInTestUser;
let otherPartner: SignedInTestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAs(server.context, 'ADMIN');
  manager = await signInAs(server.context, 'MANAGER');
  partner = await signInAs(server.context, 'PARTNER', { partnerId: 1 });
  otherPartner = await signInAs(server.context, 'PARTNER', { partnerId: 2 });
});
afterAll(() => server?.close());

let serial = 0;
/** A real order through the order service: two passports with notary at pickup point 1 (partner 1). */
async function placeOrder(status: OrderStatus = 'NEW') {
  const { order } = await createOrder(server.context, {
    body: {
      name: 'Анна Смирнова',
      phoneNumber: '+7 916 123-45-67',
      email: `card.${++serial}@example.ru`,
      originalLanguage: 'ru',
      targetLanguage: 'en',
      orderDocuments: [{ documentId: 1, quantity: 2, assuranceIds: [1] }],
      payerType: 'INDIVIDUAL',
      deliveryType: 'PICKUP_POINT',
      deliveryId: 2,
      pickupPointId: 1,
      personalDataConsent: true,
    },
    idempotencyKey: undefined,
    caller: null,
  });
  if (status !== 'NEW') await server.context.db.update(orders).set({ status }).where(eq(orders.id, order.id));
  return order;
}

const call = (
  method: 'GET' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  who: SignedInTestUser,
  payload?: object,
) => server.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

describe('the order card', () => {
  it('shows office staff the order, its history, the moves allowed and the cost breakdown', async () => {
    const order = await placeOrder();
    const answer = await call('GET', `/api/order/${order.id}`, manager);
    expect(answer.statusCode).toBe(200);
    const card = answer.json();
    expect(card.order).toMatchObject({ id: order.id, number: order.number, amount: 4450, partnerId: 1 });
    expect(card.history).toEqual([
      expect.objectContaining({ fromStatus: null, status: 'NEW', comment: 'Заказ оформлен' }),
    ]);
    expect(card.allowedStatuses).toEqual(['AWAITING_PAYMENT', 'IN_TRANSLATION', 'CANCELLED']);
    expect(card.changes).toEqual([]);
    expect(card.costs).toMatchObject({ amount: 4450, deliveryPrice: 250, otherPrice: 0, subtotal: 4200 });
    // Pickup point 1 is partner 1's: its commission is a cost of the order like the translation's.
    const { documentsCost, otherCost, partnerCommission, partnerCommissionRate } = card.costs;
    expect(partnerCommission).toBe(Math.round(4450 * partnerCommissionRate) / 100);
    expect(card.costs.totalCost).toBeCloseTo(documentsCost + otherCost + partnerCommission, 2);
    expect(card.costs.margin).toBeCloseTo(4450 - card.costs.totalCost, 2);
    expect(card.costs.lines).toHaveLength(1);
  });

  it("is the office staff's: a partner gets 403 here and its own card, another partner 404", async () => {
    const order = await placeOrder('IN_DELIVERY');
    expect((await call('GET', `/api/order/${order.id}`, partner)).statusCode).toBe(403);
    const own = await call('GET', `/api/order/partner/${order.id}`, partner);
    expect(own.statusCode).toBe(200);
    expect(own.json().allowedStatuses).toEqual(['AT_PICKUP_POINT']);
    expect(own.json().order).not.toHaveProperty('email');
    const foreign = await call('GET', `/api/order/partner/${order.id}`, otherPartner);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: 'NOT_FOUND', message: 'Заказ не найден' });
    expect((await call('GET', '/api/order/99999999', manager)).statusCode).toBe(404);
  });
});

describe('the amount', () => {
  it('is changed by an ADMIN and the change is kept with who, old and new value', async () => {
    const order = await placeOrder('AWAITING_PAYMENT');
    const answer = await call('PATCH', '/api/order/amount', admin, {
      id: order.id,
      amount: 3999.5,
      comment: 'Скидка',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().amount).toBe(3999.5);
    const card = (await call('GET', `/api/order/${order.id}`, manager)).json();
    expect(card.changes).toEqual([
      expect.objectContaining({
        field: 'AMOUNT',
        oldValue: '4450.00',
        newValue: '3999.50',
        comment: 'Скидка',
        actorRole: 'ADMIN',
      }),
    ]);
  });

  it('is refused to a manager with 403 «У вас нет прав на выполнение этого действия»', async () => {
    const order = await placeOrder();
    const answer = await call('PATCH', '/api/order/amount', manager, { id: order.id, amount: 1 });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({
      code: 'FORBIDDEN',
      message: 'У вас нет прав на выполнение этого действия',
    });
    const [row] = await server.context.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.amount).toBe(4450);
  });

  it('cannot change after payment (409), nor be negative or missing (400)', async () => {
    const paid = await placeOrder('PAID');
    const late = await call('PATCH', '/api/order/amount', admin, { id: paid.id, amount: 100 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      'Сумму заказа можно менять только до оплаты, а заказ в статусе «Оплачен»',
    );
    expect((await call('PATCH', '/api/order/amount', admin, { id: paid.id, amount: -1 })).statusCode).toBe(
      400,
    );
    expect((await call('PATCH', '/api/order/amount', admin, { id: paid.id })).statusCode).toBe(400);
    expect((await call('PATCH', '/api/order/amount', admin, { id: 99999999, amount: 1 })).statusCode).toBe(
      404,
    );
  });
});

describe('the other document', () => {
  it('moves the amount by the price difference and keeps each changed value', async () => {
    const order = await placeOrder();
    const first = await call('PATCH', '/api/order/other-document-amount', manager, {
      orderId: order.id,
      otherPrice: 1800,
      otherCost: 900,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ otherPrice: 1800, otherCost: 900, amount: 6250 });
    const second = await call('PATCH', '/api/order/other-document-amount', manager, {
      orderId: order.id,
      otherPrice: 1000,
      otherCost: 900,
    });
    expect(second.json().amount).toBe(5450);
    const changes = await server.context.db
      .select()
      .from(orderChanges)
      .where(eq(orderChanges.orderId, order.id));
    expect(changes.map((c) => [c.field, c.oldValue, c.newValue])).toEqual([
      ['OTHER_PRICE', '0.00', '1800.00'],
      ['AMOUNT', '4450.00', '6250.00'],
      ['OTHER_COST', '0.00', '900.00'],
      ['OTHER_PRICE', '1800.00', '1000.00'],
      ['AMOUNT', '6250.00', '5450.00'],
    ]);
    const card = (await call('GET', `/api/order/${order.id}`, manager)).json();
    expect(card.costs.otherCost).toBe(900);
  });

  it('is refused to a partner (403) and after payment (409)', async () => {
    const order = await placeOrder('COMPLETED');
    const body = { orderId: order.id, otherPrice: 1, otherCost: 1 };
    expect((await call('PATCH', '/api/order/other-document-amount', partner, body)).statusCode).toBe(403);
    expect((await call('PATCH', '/api/order/other-document-amount', manager, body)).statusCode).toBe(409);
  });
});

describe('the payment link', () => {
  it('is set, kept in the changes, and refused when not an https address or after payment', async () => {
    const order = await placeOrder('AWAITING_PAYMENT');
    const url = 'https://pay.example.ru/invoice/1';
    const answer = await call('PUT', '/api/order/payment-link', manager, { id: order.id, paymentUrl: url });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().paymentUrl).toBe(url);
    const card = (await call('GET', `/api/order/${order.id}`, admin)).json();
    expect(card.changes).toEqual([
      expect.objectContaining({ field: 'PAYMENT_URL', oldValue: null, newValue: url }),
    ]);
    const bad = await call('PUT', '/api/order/payment-link', manager, {
      id: order.id,
      paymentUrl: 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(400);
    const plainHttp = await call('PUT', '/api/order/payment-link', manager, {
      id: order.id,
      paymentUrl: 'http://pay.example.ru/invoice/1',
    });
    expect(plainHttp.statusCode).toBe(400);
    expect(plainHttp.json().details).toEqual([
      expect.objectContaining({
        path: '/body/paymentUrl',
        message: 'Ссылка на оплату должна начинаться с https://',
      }),
    ]);
    const paid = await placeOrder('PAID');
    const late = await call('PUT', '/api/order/payment-link', manager, { id: paid.id, paymentUrl: url });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('Ссылку на оплату можно менять только до оплаты');
  });
});

describe('deleting an order', () => {
  it('is for an ADMIN only and removes the order', async () => {
    const order = await placeOrder();
    expect((await call('DELETE', `/api/order?id=${order.id}`, manager)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/order?id=${order.id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/api/order/${order.id}`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/order?id=${order.id}`, admin)).statusCode).toBe(404);
  });
});
