/**
 * Quotes: a document priced «по оценке» is priced by staff line by line on the card, the order's
 * total follows through the one pricing function (discount and urgency included), the order
 * cannot be confirmed before, and confirming it tells the customer «Стоимость рассчитана» with the
 * breakdown — one notice and one mail, however many times the move is sent.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, orderChanges, orderDocuments, orders } from '../../db/schema';
import { createOrder } from '../../services/orders/create-order';
import { eventually } from '../../test-support/eventually';
import { officeOrderBody } from '../../test-support/order-bodies';
import { listOutbox, waitForEmail } from '../../test-support/outbox';
import { type SignedInTestUser, signInAs, signInUser } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let manager: SignedInTestUser;
let partner: SignedInTestUser;
beforeAll(async () => {
  server = await startTestServer({ jobs: true });
  manager = await signInAs(server.context, 'MANAGER');
  partner = await signInAs(server.context, 'PARTNER', { partnerId: 1 });
});
afterAll(() => server?.close());

/** Паспорт (1 200 ₽) and two copies of «Другой документ» (по оценке), urgent, with WELCOME10. */
async function estimateOrder(email: string) {
  const { order } = await createOrder(server.context, {
    body: {
      ...officeOrderBody(email),
      orderDocuments: [
        { documentId: 1, quantity: 1, assuranceIds: [] },
        { documentId: 11, quantity: 2, assuranceIds: [] },
      ],
      promoCode: 'WELCOME10',
      urgent: true,
    } as never,
    idempotencyKey: undefined,
    caller: null,
    at: new Date('2026-11-23T10:00:00+03:00'),
  });
  const lines = await server.context.db
    .select()
    .from(orderDocuments)
    .where(eq(orderDocuments.orderId, order.id));
  const estimated = lines.find((line) => line.byEstimate);
  if (!estimated) throw new Error('no line by estimate');
  return { order, estimated, passport: lines.find((line) => !line.byEstimate) };
}

/** Money is written with no-break spaces; the expectations read plain ones. */
const plain = (text: string) => text.replaceAll('\u00a0', ' ');

const patch = (url: string, who: SignedInTestUser, payload: object, key?: string) =>
  server.app.inject({
    method: 'PATCH',
    url,
    headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });

describe('quoting a document priced by estimate', () => {
  it('keeps the order new until every such document has a price', async () => {
    const { order } = await estimateOrder('quote.missing@example.ru');
    expect(order.amount).toBe(1200 - 120 + 600);
    const move = await patch('/api/order/status', manager, { id: order.id, status: 'AWAITING_PAYMENT' });
    expect(move.statusCode).toBe(409);
    expect(move.json()).toMatchObject({
      code: 'QUOTE_MISSING',
      message: 'Сначала рассчитайте стоимость: «Другой документ» ещё без цены',
    });
    const cancel = await patch('/api/order/status', manager, { id: order.id, status: 'CANCELLED' });
    expect(cancel.statusCode).toBe(200);
  });

  it('prices the line, and the discount, the urgency and the total follow; each value is kept', async () => {
    const { order, estimated } = await estimateOrder('quote.priced@example.ru');
    const answer = await patch('/api/order/quote', manager, {
      orderId: order.id,
      lines: [{ id: estimated.id, price: 1500, cost: 700 }],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    // Lines 1 200 + 1 500 × 2 = 4 200; discount 10 % = 420; urgency 50 % of 4 200 = 2 100.
    expect(answer.json()).toMatchObject({ amount: 4200 - 420 + 2100, urgentAmount: 2100 });
    expect(answer.json().documents).toEqual([
      expect.objectContaining({ type: 'Паспорт', price: 1200, byEstimate: false }),
      expect.objectContaining({ type: 'Другой документ', price: 1500, byEstimate: true }),
    ]);
    const card = (
      await server.app.inject({ url: `/api/order/${order.id}`, headers: manager.headers })
    ).json();
    expect(card.costs).toMatchObject({
      subtotal: 4200,
      discountAmount: 420,
      urgentAmount: 2100,
      amount: 5880,
    });
    expect(card.costs.lines).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: estimated.id, cost: 700 })]),
    );
    const changes = await server.context.db
      .select()
      .from(orderChanges)
      .where(eq(orderChanges.orderId, order.id));
    expect(changes.map((change) => [change.field, change.oldValue, change.newValue])).toEqual([
      ['LINE_PRICE', 'Другой документ: 0.00', 'Другой документ: 1500.00'],
      ['LINE_COST', 'Другой документ: 0.00', 'Другой документ: 700.00'],
      ['AMOUNT', '1680.00', '5880.00'],
    ]);
  });

  it('refuses a line priced by the catalogue, another order’s line, a partner, and a confirmed order', async () => {
    const { order, estimated, passport } = await estimateOrder('quote.refused@example.ru');
    const other = await estimateOrder('quote.other@example.ru');
    const fixed = await patch('/api/order/quote', manager, {
      orderId: order.id,
      lines: [{ id: passport?.id, price: 100, cost: 0 }],
    });
    expect(fixed.statusCode).toBe(400);
    expect(fixed.json().message).toBe('«Паспорт» стоит по прайсу: рассчитывать его не нужно');
    const foreign = await patch('/api/order/quote', manager, {
      orderId: order.id,
      lines: [{ id: other.estimated.id, price: 100, cost: 0 }],
    });
    expect(foreign.json().message).toBe('В заказе нет такого документа');
    const byPartner = await patch('/api/order/quote', partner, {
      orderId: order.id,
      lines: [{ id: estimated.id, price: 100, cost: 0 }],
    });
    expect(byPartner.statusCode).toBe(403);
    await patch('/api/order/quote', manager, {
      orderId: order.id,
      lines: [{ id: estimated.id, price: 900, cost: 400 }],
    });
    expect(
      (await patch('/api/order/status', manager, { id: order.id, status: 'AWAITING_PAYMENT' })).statusCode,
    ).toBe(200);
    const late = await patch('/api/order/quote', manager, {
      orderId: order.id,
      lines: [{ id: estimated.id, price: 1000, cost: 400 }],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      'Стоимость уже отправлена клиенту: верните заказ в статус «Новый», чтобы её пересчитать',
    );
  });

  it('tells the customer «Стоимость рассчитана» once, with the breakdown, and they may pay or cancel', async () => {
    const email = 'quote.told@example.ru';
    const { order, estimated } = await estimateOrder(email);
    await patch('/api/order/quote', manager, {
      orderId: order.id,
      lines: [{ id: estimated.id, price: 1500, cost: 700 }],
    });
    const key = 'quote-confirm-0001';
    const body = {
      id: order.id,
      status: 'AWAITING_PAYMENT',
      expectedStatus: 'NEW',
      comment: 'Справка на 2 листах',
    };
    const [first, repeat] = [
      await patch('/api/order/status', manager, body, key),
      await patch('/api/order/status', manager, body, key),
    ];
    expect(first.statusCode).toBe(200);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    const notices = await server.context.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderId, order.id), eq(notifications.type, 'ORDER_STATUS')));
    expect(notices.map((notice) => plain(notice.body))).toEqual([
      'Заказ принят: менеджер проверит документы и подтвердит стоимость',
      'Стоимость рассчитана: 5 880 ₽ — заказ можно оплатить или отменить',
    ]);
    const dataDir = server.context.config.dataDir;
    const mail = await waitForEmail(dataDir, { to: email, template: 'order-quoted' }, 30_000);
    expect(mail.subject).toBe(`Заказ ${order.number}: стоимость рассчитана`);
    const text = plain(mail.text);
    expect(text).toContain('Другой документ × 2 — 3 000 ₽');
    expect(text).toContain('Скидка 10 % по промокоду WELCOME10 — -420 ₽');
    expect(text).toContain('Срочное выполнение +50 % — 2 100 ₽');
    expect(text).toContain('К оплате: 5 880 ₽.');
    expect(text).toContain('Комментарий менеджера: Справка на 2 листах');
    expect(text).toContain('Срок готовности — 25 ноября, ср.');
    // One mail, not one per request; and not the plain «стоимость подтверждена» one.
    await eventually(async () => {
      const sent = listOutbox(dataDir).filter((file) => file.includes(`-${email}-order-`));
      expect(sent.filter((file) => file.includes('order-quoted'))).toHaveLength(1);
      expect(sent.filter((file) => file.includes('order-payment-due'))).toHaveLength(0);
      return true;
    });
    const [row] = await server.context.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('AWAITING_PAYMENT');
    // In the cabinet: the quoted line, the urgency, the date, and paying or cancelling offered.
    const customer = await signInUser(server.context, { id: row?.userId as number, role: 'USER' });
    const mine = await server.app.inject({ url: `/api/user/orders/${order.id}`, headers: customer.headers });
    expect(mine.json().order).toMatchObject({
      amount: 5880,
      urgent: true,
      urgentPercent: 50,
      urgentAmount: 2100,
      dueDate: '2026-11-25',
      actions: { canPay: true, canCancel: true },
      nextStep: { kind: 'PAY' },
    });
    expect(mine.json().order.documents[1]).toMatchObject({
      type: 'Другой документ',
      price: 1500,
      byEstimate: true,
    });
    expect(mine.json().order).not.toHaveProperty('otherCost');
  });
});
