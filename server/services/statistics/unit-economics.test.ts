/**
 * The statistics add up the orders' own stored figures: a small set computed by hand (Moscow day
 * boundaries, a promo discount, weekend notary costs, an other document, a partner's rate that
 * changed after the order, a cancelled order shown apart), and a larger random set whose totals
 * must equal the sums of its orders' rows as a JavaScript reading of them gives.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moscowDate } from '../../../src/domain/moscow-time';
import { orders, partners, refunds } from '../../db/schema';
import { officeOrderBody, pickupOrderBody } from '../../test-support/order-bodies';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { createOrder } from '../orders/create-order';
import { changeOtherDocumentAmount } from '../orders/order-edits';
import { sendRefund } from '../payments/refunds';

let server: TestServer;
let admin: SignedInTestUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAs(server.context, 'ADMIN');
});
afterAll(() => server?.close());

async function place(body: Record<string, unknown>, at: string) {
  const { order } = await createOrder(server.context, {
    body: body as never,
    idempotencyKey: undefined,
    caller: null,
    at: new Date(at),
  });
  return order;
}

type Placed = Awaited<ReturnType<typeof place>>;

const stats = async (startDate: string, endDate: string) => {
  const answer = await server.app.inject({
    url: `/api/admin/stats/unit-economics?startDate=${startDate}&endDate=${endDate}`,
    headers: admin.headers,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};

describe('unit economics', () => {
  it('equal a hand computation over Moscow days, with the rate kept on the order and cancelled orders apart', async () => {
    // Friday 23:59:59 in Moscow, to a partner's pickup point, with STUDENT15 (15 %):
    // (1200 + 900) × 2 + 1500 = 5700, −855, +250 delivery = 5095; cost 600×2 + 800 + 500×2 + 250 = 3250.
    const friday = pickupOrderBody('stats-a@example.ru', { promoCode: 'STUDENT15' });
    await place(friday, '2030-03-08T20:59:59Z');
    // Saturday 00:00:00 in Moscow, at the office: 1200 + 900 = 2100; cost 600 + 700 (Saturday notary).
    await place(
      {
        ...officeOrderBody('stats-b@example.ru'),
        orderDocuments: [{ documentId: 1, quantity: 1, assuranceIds: [1] }],
      },
      '2030-03-08T21:00:00Z',
    );
    // Sunday, by courier: 1000 + 900 + 600 = 2500; cost 500 + 900 (Sunday notary) + 600; then an
    // other document for 300 that costs 200: amount 2800.
    const sunday = await place(
      {
        ...officeOrderBody('stats-c@example.ru'),
        orderDocuments: [{ documentId: 4, quantity: 1, assuranceIds: [1] }],
        deliveryType: 'COURIER',
        address: 'Москва, ул. Арбат, 1',
      },
      '2030-03-10T09:00:00Z',
    );
    await changeOtherDocumentAmount(server.context.db, {
      orderId: sunday.id,
      otherPrice: 300,
      otherCost: 200,
      actor: { userId: admin.userId, email: null, role: 'ADMIN' },
    });
    // Cancelled inside the range; and two orders just outside it, on either side.
    const cancelled = await place(officeOrderBody('stats-d@example.ru'), '2030-03-09T07:00:00Z');
    await server.context.db.update(orders).set({ status: 'CANCELLED' }).where(eq(orders.id, cancelled.id));
    await place(officeOrderBody('stats-e@example.ru'), '2030-03-07T20:59:59Z');
    await place(officeOrderBody('stats-f@example.ru'), '2030-03-10T21:00:00Z');
    // The partner's rate changes after the order: the order keeps its 10 %.
    await server.context.db.update(partners).set({ commission: 50 }).where(eq(partners.id, 1));
    try {
      const figures = await stats('2030-03-08', '2030-03-10');
      expect(figures.totals).toEqual({
        orders: 3,
        revenue: 5095 + 2100 + 2800,
        promoDiscount: 855,
        documentsCost: 2000 + 600 + 500,
        assurancesCost: 1000 + 700 + 900,
        deliveryCost: 250 + 0 + 600,
        otherCost: 200,
        partnerCommission: 509.5,
        cost: 3100 + 2600 + 850 + 200 + 509.5,
        margin: 9995 - 7259.5,
        marginPercent: 27.4,
        averageOrder: 3331.67,
      });
      expect(figures.assurancesByDay).toEqual({ weekday: 1000, saturday: 700, sunday: 900 });
      expect(figures.cancelled).toEqual({ orders: 1, revenue: 1200 });
      expect(
        figures.byDay.map((d: { date: string; orders: number; revenue: number }) => [
          d.date,
          d.orders,
          d.revenue,
        ]),
      ).toEqual([
        ['2030-03-08', 1, 5095],
        ['2030-03-09', 1, 2100],
        ['2030-03-10', 1, 2800],
      ]);
      expect(figures.byWeek).toHaveLength(1);
      expect(figures.byWeek[0]).toMatchObject({ weekStart: '2030-03-04', orders: 3, revenue: 9995 });
      // Biggest revenue first.
      expect(figures.byPartner).toEqual([
        expect.objectContaining({
          partnerId: 1,
          name: 'ПВЗ Экспресс',
          orders: 1,
          revenue: 5095,
          partnerCommission: 509.5,
        }),
        expect.objectContaining({
          partnerId: null,
          name: null,
          orders: 2,
          revenue: 4900,
          partnerCommission: 0,
        }),
      ]);
      expect(figures.byPickupPoint).toContainEqual(
        expect.objectContaining({
          pickupPointId: friday.pickupPointId,
          name: 'Пункт выдачи «Тверская»',
          orders: 1,
        }),
      );
      expect(
        figures.byDelivery.map((d: { deliveryType: string; revenue: number }) => [d.deliveryType, d.revenue]),
      ).toEqual([
        ['COURIER', 2800],
        ['OFFICE', 2100],
        ['PICKUP_POINT', 5095],
      ]);
      expect(figures.byPayer).toEqual([expect.objectContaining({ payerType: 'INDIVIDUAL', orders: 3 })]);
      expect(figures.byDocument).toEqual([
        { documentId: 1, type: 'Паспорт', orders: 2, copies: 3, revenue: 6300, cost: 3500 },
        { documentId: 4, type: 'Свидетельство о рождении', orders: 1, copies: 1, revenue: 1900, cost: 1400 },
        { documentId: 2, type: 'Диплом', orders: 1, copies: 1, revenue: 1500, cost: 800 },
      ]);
      // One Moscow day: only the Saturday order, though in UTC it was placed on Friday.
      const saturday = await stats('2030-03-09', '2030-03-09');
      expect(saturday.totals).toMatchObject({ orders: 1, revenue: 2100, assurancesCost: 700 });
      expect(saturday.cancelled).toEqual({ orders: 1, revenue: 1200 });
    } finally {
      await server.context.db.update(partners).set({ commission: 10 }).where(eq(partners.id, 1));
    }
  });

  it("total the orders' own rows over a random month, and every split adds up to the total", async () => {
    const documentIds = [1, 2, 3, 4, 6];
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % n;
    };
    for (let i = 0; i < 40; i++) {
      const at = new Date(Date.UTC(2031, 0, 1) + next(31 * 24 * 60) * 60_000 - 3 * 3600_000);
      const lines = [
        { documentId: documentIds[next(5)] ?? 1, quantity: 1 + next(3), assuranceIds: next(2) ? [1] : [] },
      ];
      const body =
        next(2) === 0
          ? pickupOrderBody(`random-${i}@example.ru`, {
              orderDocuments: lines,
              promoCode: next(3) ? undefined : 'STUDENT15',
            })
          : { ...officeOrderBody(`random-${i}@example.ru`), orderDocuments: lines };
      const order = await place(body, at.toISOString());
      if (next(6) === 0) {
        await server.context.db.update(orders).set({ status: 'CANCELLED' }).where(eq(orders.id, order.id));
      }
    }
    const figures = await stats('2031-01-01', '2031-01-31');
    const rows = (await server.context.db.select().from(orders)).filter(
      (row) => moscowDate(row.createdAt) >= '2031-01-01' && moscowDate(row.createdAt) <= '2031-01-31',
    );
    const kopecks = (value: number) => Math.round(value * 100);
    const counted = rows.filter((row) => row.status !== 'CANCELLED');
    const sum = (values: number[]) => values.reduce((total, value) => total + kopecks(value), 0) / 100;
    expect(figures.totals.orders).toBe(counted.length);
    expect(figures.totals.revenue).toBe(sum(counted.map((row) => row.amount)));
    expect(figures.totals.promoDiscount).toBe(sum(counted.map((row) => row.discountAmount)));
    const commission = sum(counted.map((row) => Math.round(row.amount * row.partnerCommission) / 100));
    expect(figures.totals.partnerCommission).toBe(commission);
    expect(figures.totals.cost).toBe(
      sum([...counted.map((row) => row.cost), ...counted.map((row) => row.otherCost), commission]),
    );
    expect(figures.cancelled.orders).toBe(rows.length - counted.length);
    for (const split of ['byDay', 'byWeek', 'byPartner', 'byPickupPoint', 'byDelivery', 'byPayer']) {
      const parts = figures[split] as { orders: number; revenue: number; cost: number }[];
      expect(
        parts.reduce((total, part) => total + part.orders, 0),
        split,
      ).toBe(figures.totals.orders);
      expect(sum(parts.map((part) => part.revenue)), split).toBe(figures.totals.revenue);
      expect(sum(parts.map((part) => part.cost)), split).toBe(figures.totals.cost);
    }
  });

  it('follow the orders changed after a first look: an amount, a cancellation, a deletion', async () => {
    const first = await place(officeOrderBody('later-a@example.ru'), '2032-05-05T09:00:00Z');
    const second = await place(officeOrderBody('later-b@example.ru'), '2032-05-05T10:00:00Z');
    const third = await place(officeOrderBody('later-c@example.ru'), '2032-05-06T10:00:00Z');
    expect((await stats('2032-05-01', '2032-05-31')).totals).toMatchObject({ orders: 3, revenue: 3600 });
    await server.context.db.update(orders).set({ amount: 1000 }).where(eq(orders.id, first.id));
    await server.context.db.update(orders).set({ status: 'CANCELLED' }).where(eq(orders.id, second.id));
    await server.context.db.delete(orders).where(eq(orders.id, third.id));
    const after = await stats('2032-05-01', '2032-05-31');
    expect(after.totals).toMatchObject({ orders: 1, revenue: 1000 });
    expect(after.cancelled).toEqual({ orders: 1, revenue: 1200 });
    expect(after.byDay.map((day: { date: string }) => day.date)).toEqual(['2032-05-05']);
  });

  it('count revenue net of refunds: a full refund leaves nothing, a partial one leaves what the bureau kept', async () => {
    const at = '2033-06-01T09:00:00Z';
    const day = '2033-06-01';
    const placed = [];
    for (const name of ['full', 'partial', 'pending', 'plain'])
      placed.push(await place(officeOrderBody(`refund-${name}@example.ru`), at));
    const [full, partial, pending, plain] = placed as [Placed, Placed, Placed, Placed];
    // Paid online: a demo payment is refunded at once; the «pending» one names a YooKassa payment
    // this server has no shop for, so its refund waits in processing.
    for (const [order, paymentId] of [
      [full, 'demo_full'],
      [partial, 'demo_partial'],
      [pending, '2c5d1a3e-000f-5000-8000-1b2c3d4e5f60'],
    ] as const)
      await server.context.db
        .update(orders)
        .set({ status: 'IN_TRANSLATION', paidAt: new Date(at), paymentId })
        .where(eq(orders.id, order.id));
    // The full refund's order was cancelled before the refund: the refund alone must mark its day.
    await server.context.db.update(orders).set({ status: 'CANCELLED' }).where(eq(orders.id, full.id));
    const before = await stats(day, day);
    expect(before.totals).toMatchObject({
      orders: 3,
      revenue: partial.amount + pending.amount + plain.amount,
    });

    const refund = (orderId: number, payload: Record<string, unknown>) =>
      server.app.inject({
        method: 'POST',
        url: `/api/order/${orderId}/refund`,
        headers: admin.headers,
        payload,
      });
    expect((await refund(full.id, { reason: 'Отменён по просьбе клиента' })).json().refund.status).toBe(
      'SUCCEEDED',
    );
    expect((await refund(partial.id, { amount: 1000, reason: 'Заверение не понадобилось' })).statusCode).toBe(
      200,
    );
    expect(
      (await refund(pending.id, { amount: 500.5, reason: 'Часть документа' })).json().refund.status,
    ).toBe('PENDING');
    const [plainRow] = await server.context.db.select().from(orders).where(eq(orders.id, plain.id));
    const kept = partial.amount - 1000 + (pending.amount - 500.5);
    const after = await stats(day, day);
    expect(after.totals).toMatchObject({
      // Orders carried out; the three cancelled ones are counted apart.
      orders: 1,
      revenue: plain.amount + kept,
      // A cancelled order's work costs are not known: only the order carried out has costs.
      cost: plainRow?.cost,
    });
    expect(after.totals.margin).toBeCloseTo(plain.amount + kept - Number(plainRow?.cost), 2);
    expect(after.cancelled).toEqual({ orders: 3, revenue: full.amount + partial.amount + pending.amount });
    expect(after.refunds).toEqual({
      orders: 3,
      amount: full.amount + 1000 + 500.5,
      pending: 500.5,
      failed: 0,
      kept,
    });
    // The daily sums stay one story: every split still adds up to the totals.
    const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;
    for (const split of ['byDay', 'byWeek', 'byDelivery', 'byPayer', 'byPartner', 'byPickupPoint'] as const)
      expect(sum(after[split].map((part: { revenue: number }) => part.revenue)), split).toBe(
        after.totals.revenue,
      );
    // The documents' table shows the work carried out: the one order not cancelled.
    expect(sum(after.byDocument.map((row: { orders: number }) => row.orders))).toBe(1);

    // The provider answers later: the refund is done, and the day is summed again by itself.
    const [waiting] = await server.context.db.select().from(refunds).where(eq(refunds.orderId, pending.id));
    await server.context.db
      .update(refunds)
      .set({ paymentId: 'demo_pending' })
      .where(eq(refunds.id, waiting?.id as number));
    await sendRefund(server.context, waiting?.id as number);
    const settled = await stats(day, day);
    expect(settled.refunds).toMatchObject({ pending: 0, amount: full.amount + 1500.5 });
    expect(settled.totals.revenue).toBe(after.totals.revenue);
  });

  it('say plainly what is wrong with a range, in Russian', async () => {
    const answer = (query: string) =>
      server.app.inject({ url: `/api/admin/stats/unit-economics?${query}`, headers: admin.headers });
    const backwards = await answer('startDate=2030-03-10&endDate=2030-03-08');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('Дата окончания раньше даты начала');
    const tooLong = await answer('startDate=2020-01-01&endDate=2030-01-01');
    expect(tooLong.json().message).toBe('Период не может быть длиннее трёх лет');
    expect((await answer('startDate=2030-02-30&endDate=2030-03-01')).statusCode).toBe(400);
    const empty = await stats('2040-01-01', '2040-01-31');
    expect(empty.totals).toMatchObject({ orders: 0, revenue: 0, marginPercent: null, averageOrder: null });
    expect(empty.byDay).toEqual([]);
  });
});
