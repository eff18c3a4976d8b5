/**
 * One margin everywhere: the order card, the office list and the statistics say the same about
 * the same order — its amount less the lines, the delivery, the other document and the commission
 * of the partner whose point hands it over. The case the owner met: a 4 000 ₽ order costing
 * 3 450 ₽ at a point of a partner taking 15 %: the card said +550 ₽ (14 %) while the statistics
 * said −50 ₽ (−1,2 %).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, partners } from '../../db/schema';
import { createOrder } from '../../services/orders/create-order';
import { pickupOrderBody } from '../../test-support/order-bodies';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let admin: SignedInTestUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAs(server.context, 'ADMIN');
});
afterAll(() => server?.close());

const get = async (url: string) => {
  const answer = await server.app.inject({ url, headers: admin.headers });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};

describe('the margin of one order', () => {
  it('is the same loss on the card, in the list and in the statistics', async () => {
    const db = server.context.db;
    await db.update(partners).set({ commission: 15 }).where(eq(partners.id, 1));
    const { order } = await createOrder(server.context, {
      body: pickupOrderBody('margin@example.ru') as never,
      idempotencyKey: undefined,
      caller: null,
      at: new Date('2031-05-14T09:00:00Z'),
    });
    // The figures of the case: 4 000 ₽ paid, 3 450 ₽ of translation, notary and delivery.
    await db.update(orders).set({ amount: 4000, cost: 3450 }).where(eq(orders.id, order.id));

    const card = await get(`/api/order/${order.id}`);
    expect(card.costs).toMatchObject({
      partnerCommissionRate: 15,
      partnerCommission: 600,
      totalCost: 4050,
      margin: -50,
      marginPercent: -1.2,
    });
    const list = await get('/api/order?dateFrom=2031-05-14&dateTo=2031-05-14');
    expect(list.items).toEqual([expect.objectContaining({ id: order.id, margin: -50, marginPercent: -1.2 })]);
    const stats = await get('/api/admin/stats/unit-economics?startDate=2031-05-14&endDate=2031-05-14');
    expect(stats.totals).toMatchObject({
      revenue: 4000,
      partnerCommission: 600,
      margin: -50,
      marginPercent: -1.2,
    });
  });
});
