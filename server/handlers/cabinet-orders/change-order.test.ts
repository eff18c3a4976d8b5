/**
 * PATCH /api/user/orders/{id} and PATCH /api/order/{id} (decision 0056): an order changed before
 * the bureau starts — priced again by the shared pricing code, its lines written again, each change
 * in the history, the other side told once; refused once work started, hidden from other customers.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, orderChanges, orderDocuments, orders, promoCodes } from '../../db/schema';
import { placeOrder } from '../../test-support/cabinet-fixtures';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let anna: SignedInTestUser;
let boris: SignedInTestUser;
let manager: SignedInTestUser;
let partner: SignedInTestUser;
beforeAll(async () => {
  server = await startTestServer();
  anna = await signInAs(server.context, 'USER', { email: 'anna.changes@example.ru' });
  boris = await signInAs(server.context, 'USER', { email: 'boris.changes@example.ru' });
  manager = await signInAs(server.context, 'MANAGER', { email: 'changes.manager@perevod.local' });
  partner = await signInAs(server.context, 'PARTNER', { email: 'changes.partner@example.ru' });
});
afterAll(() => server?.close());

const base = { urgent: false, deliveryType: 'PICKUP_POINT', deliveryId: 2, pickupPointId: 1 };
/** The fixture's order (Паспорт × 2 with the notary) with three copies instead. */
const threeCopies = { ...base, orderDocuments: [{ documentId: 1, quantity: 3, assuranceIds: [1] }] };

const change = (orderId: number, who: SignedInTestUser, payload: Record<string, unknown>, key?: string) =>
  server.app.inject({
    method: 'PATCH',
    url: `/api/user/orders/${orderId}`,
    payload,
    headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
  });

const rowOf = async (orderId: number) =>
  (await server.context.db.select().from(orders).where(eq(orders.id, orderId)))[0];
const changesOf = (orderId: number) =>
  server.context.db.select().from(orderChanges).where(eq(orderChanges.orderId, orderId));
const managerNotices = async (orderId: number) =>
  server.context.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.orderId, orderId), eq(notifications.userId, manager.userId)));

describe("a customer's change of their order before work starts", () => {
  it('shows the new price first, then saves it: lines, amount, history, one notice to the bureau', async () => {
    const order = await placeOrder(server, { headers: anna.headers });
    const before = await rowOf(order.id);

    const preview = await change(order.id, anna, { ...threeCopies, dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const shown = preview.json();
    expect(shown.detail).toBeNull();
    expect(shown.preview).toMatchObject({ saved: false, status: 'NEW', amountBefore: before?.amount });
    // One more copy of the passport with its notary: 1 200 + 900.
    expect(shown.preview.amount).toBe((before?.amount ?? 0) + 2100);
    expect(shown.preview.changes).toContain('Паспорт, копий: 2 → 3');
    expect((await rowOf(order.id))?.amount).toBe(before?.amount);

    const saved = await change(order.id, anna, threeCopies, 'change-key-0001');
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json();
    expect(body.preview).toMatchObject({ saved: true, amount: shown.preview.amount });
    expect(body.detail.order.amount).toBe(shown.preview.amount);
    expect(body.detail.order.documents).toMatchObject([{ documentId: 1, quantity: 3 }]);
    expect(body.detail.changes.map((entry: { text: string }) => entry.text)).toEqual([
      'Паспорт, копий: 2 → 3',
      expect.stringMatching(/^Сумма: .+ → .+/),
    ]);
    expect(body.detail.changes[0].byCustomer).toBe(true);
    const lines = await server.context.db
      .select()
      .from(orderDocuments)
      .where(eq(orderDocuments.orderId, order.id));
    expect(lines).toMatchObject([{ documentId: 1, quantity: 3, price: 1200 }]);
    expect((await changesOf(order.id)).map((row) => row.field).sort()).toEqual(['AMOUNT', 'DOCUMENTS']);

    // The outbox replays it after a lost answer: nothing twice.
    const replay = await change(order.id, anna, threeCopies, 'change-key-0001');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await changesOf(order.id)).length).toBe(2);
    const notices = await managerNotices(order.id);
    expect(notices.filter((n) => n.title.startsWith('Клиент изменил заказ'))).toHaveLength(1);
    const reused = await change(order.id, anna, { ...threeCopies, urgent: true }, 'change-key-0001');
    expect(reused.statusCode).toBe(422);
  });

  it('changes delivery and urgency; an order awaiting payment goes back to NEW and loses its payment link', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'AWAITING_PAYMENT' });
    await server.context.db
      .update(orders)
      .set({ paymentUrl: 'https://pay.example.ru/old', paymentId: 'demo_old' })
      .where(eq(orders.id, order.id));
    const saved = await change(order.id, anna, {
      orderDocuments: [{ documentId: 1, quantity: 2, assuranceIds: [1] }],
      urgent: true,
      deliveryType: 'COURIER',
      deliveryId: null,
      address: 'Москва, ул. Тверская, 7, кв. 5',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const row = await rowOf(order.id);
    expect(row).toMatchObject({
      status: 'NEW',
      paymentUrl: null,
      paymentId: null,
      urgent: true,
      deliveryType: 'COURIER',
      address: 'Москва, ул. Тверская, 7, кв. 5',
      pickupPointId: null,
    });
    expect(row?.urgentAmount).toBeGreaterThan(0);
    const texts = saved.json().preview.changes as string[];
    expect(texts).toContain('Срочность: обычный срок → срочно');
    // The point (named «Пункт выдачи «…»» in the demo data) is named once, its quotes not nested.
    expect(texts.find((text) => text.startsWith('Доставка: пункт выдачи'))).toMatch(
      /^Доставка: пункт выдачи «[^«»]+» → курьер, Москва, ул\. Тверская, 7, кв\. 5$/,
    );
    expect(saved.json().detail.history.at(-1)).toMatchObject({
      fromStatus: 'AWAITING_PAYMENT',
      status: 'NEW',
    });
    expect(saved.json().detail.order.actions.canPay).toBe(false);
  });

  it('refuses a malformed change with 400 in Russian, never 500', async () => {
    const order = await placeOrder(server, { headers: anna.headers });
    const cases: Record<string, unknown>[] = [
      { ...base, orderDocuments: [] },
      { ...base, orderDocuments: [{ documentId: 999, quantity: 1 }] },
      { ...base, orderDocuments: [{ documentId: 1, quantity: 0 }] },
      { ...base, orderDocuments: [{ documentId: 1, quantity: 101 }] },
      { ...base, deliveryType: 'COURIER', deliveryId: null, orderDocuments: [{ documentId: 1 }] },
      { ...base, pickupPointId: null, orderDocuments: [{ documentId: 1 }] },
      { ...base, orderDocuments: [{ documentId: 1, fileIds: ['5d0f8c0e-8a3c-4f1e-9b7a-2c3d4e5f6a7b'] }] },
      { ...base, orderDocuments: [{ documentId: 1 }], price: 1 },
      { orderDocuments: 'Паспорт' },
    ];
    for (const payload of cases) {
      const refused = await change(order.id, anna, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().message).toMatch(/[а-яА-Я]/);
    }
    expect((await changesOf(order.id)).length).toBe(0);
  });

  it("answers 404 for another customer's order and for a partner's token", async () => {
    const order = await placeOrder(server, { headers: anna.headers });
    expect((await change(order.id, boris, threeCopies)).statusCode).toBe(404);
    expect((await change(order.id, partner, threeCopies)).statusCode).toBe(404);
    expect((await change(999_999, anna, threeCopies)).statusCode).toBe(404);
    expect((await rowOf(order.id))?.amount).toBe(order.amount);
  });

  it('refuses with 409 once the order is paid or in work, and offers the conversation', async () => {
    for (const status of ['PAID', 'IN_TRANSLATION'] as const) {
      const order = await placeOrder(server, { headers: anna.headers, status });
      const refused = await change(order.id, anna, threeCopies);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'CONFLICT',
        message:
          'Бюро уже начало работу над заказом, изменить его нельзя. Напишите бюро в переписке по заказу — мы поможем.',
        details: { currentStatus: status },
      });
      expect((await rowOf(order.id))?.amount).toBe(order.amount);
      const detail = await server.app.inject({ url: `/api/user/orders/${order.id}`, headers: anna.headers });
      expect(detail.json().order.actions.canChange).toBe(false);
    }
  });

  it('leaves other orders as they were', async () => {
    const other = await placeOrder(server, { headers: anna.headers });
    const changed = await placeOrder(server, { headers: anna.headers });
    const untouched = await rowOf(other.id);
    expect((await change(changed.id, anna, threeCopies)).statusCode).toBe(200);
    expect(await rowOf(other.id)).toEqual(untouched);
    const lines = await server.context.db
      .select()
      .from(orderDocuments)
      .where(eq(orderDocuments.orderId, other.id));
    expect(lines).toMatchObject([{ documentId: 1, quantity: 2 }]);
  });

  it("keeps the promo code; under the code's minimum it takes nothing off, and applies again above it", async () => {
    await server.context.db
      .insert(promoCodes)
      .values({ code: 'OT5000', kind: 'AMOUNT', discount: 0, amount: 500, minOrderSum: 5000 });
    // Паспорт × 3 with the notary: 6 300 ₽ of documents, over the minimum.
    const order = await placeOrder(server, {
      headers: anna.headers,
      changes: { promoCode: 'OT5000', orderDocuments: [{ documentId: 1, quantity: 3, assuranceIds: [1] }] },
    });
    expect((await rowOf(order.id))?.discountAmount).toBe(500);
    const under = await change(order.id, anna, { ...base, orderDocuments: [{ documentId: 1, quantity: 1 }] });
    expect(under.statusCode, under.body).toBe(200);
    expect(under.json().preview).toMatchObject({
      promoCode: 'OT5000',
      promoBelowMinimum: true,
      discountAmount: 0,
    });
    expect(await rowOf(order.id)).toMatchObject({ promoCode: 'OT5000', discountAmount: 0, subtotal: 1200 });
    const over = await change(order.id, anna, threeCopies);
    expect(over.json().preview).toMatchObject({
      promoBelowMinimum: false,
      discountAmount: 500,
      subtotal: 6300,
    });
  });
});

describe("staff's change of an order on the card", () => {
  const staffChange = (
    orderId: number,
    who: SignedInTestUser,
    payload: Record<string, unknown>,
    key?: string,
  ) =>
    server.app.inject({
      method: 'PATCH',
      url: `/api/order/${orderId}`,
      payload,
      headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
    });

  it('saves the change and tells the customer once', async () => {
    const order = await placeOrder(server, { headers: anna.headers });
    const saved = await staffChange(order.id, manager, threeCopies, 'staff-change-01');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().order).toMatchObject({ id: order.id, amount: saved.json().preview.amount });
    await staffChange(order.id, manager, threeCopies, 'staff-change-01');
    const told = await server.context.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderId, order.id), eq(notifications.userId, anna.userId)));
    expect(told.filter((n) => n.title.endsWith('изменён'))).toHaveLength(1);
    const changes = await changesOf(order.id);
    expect(changes.find((row) => row.field === 'DOCUMENTS')).toMatchObject({
      actorEmail: 'changes.manager@perevod.local',
      actorRole: 'MANAGER',
    });
  });

  it('refuses a customer token (403) and a paid order (409)', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'PAID' });
    expect((await staffChange(order.id, anna, threeCopies)).statusCode).toBe(403);
    const refused = await staffChange(order.id, manager, threeCopies);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Документы и доставку можно менять только до оплаты заказа');
  });
});
