/**
 * Reminders come when due and not more often: an unpaid order the day after it was priced, then
 * every two days, three at most; a company's unsigned act a week after it was issued, then
 * weekly. Each reminder is an event of its order, which is what spaces the next one.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, orderEvents, orderStatusHistory, orders } from '../../db/schema';
import { createOrder } from '../../test-support/fixtures';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { sendActReminders, sendPaymentReminders } from './reminders';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const DAY = 86_400_000;

describe('payment reminders', () => {
  it('go the day after pricing, then every two days, three at most; a paid order gets none', async () => {
    const t0 = new Date('2026-11-02T08:00:00Z');
    const at = (days: number) => new Date(t0.getTime() + days * DAY);
    const unpaid = await createOrder(server.context, { userId: null });
    const paid = await createOrder(server.context, { userId: null });
    for (const order of [unpaid, paid]) {
      await server.context.db
        .update(orders)
        .set({ status: 'AWAITING_PAYMENT' })
        .where(eq(orders.id, order.id));
      await server.context.db
        .insert(orderStatusHistory)
        .values({ orderId: order.id, fromStatus: 'NEW', status: 'AWAITING_PAYMENT', createdAt: t0 });
    }
    await server.context.db
      .update(orders)
      .set({ status: 'PAID', paidAt: at(0.5) })
      .where(eq(orders.id, paid.id));
    // Events are written «now»; the rule reads their time, so each run's events are moved to its moment.
    const runOnce = async (days: number) => {
      const before = await reminders(unpaid.id);
      await sendPaymentReminders(server.context, at(days));
      const after = await server.context.db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, unpaid.id));
      for (const event of after.filter((e) => !before.some((b) => b.id === e.id)))
        await server.context.db
          .update(orderEvents)
          .set({ createdAt: at(days) })
          .where(eq(orderEvents.id, event.id));
      return (await reminders(unpaid.id)).length - before.length;
    };
    expect(await runOnce(0.5)).toBe(0);
    expect(await runOnce(1)).toBe(1);
    expect(await runOnce(2)).toBe(0);
    expect(await runOnce(3)).toBe(1);
    expect(await runOnce(5)).toBe(1);
    expect(await runOnce(7)).toBe(0);
    expect((await reminders(paid.id)).length).toBe(0);
    expect((await reminders(unpaid.id)).map((e) => e.payload?.reminder)).toEqual([1, 2, 3]);
  });
});

describe('act reminders', () => {
  it('go to a company a week after its act was issued, and stop once it is signed', async () => {
    const now = new Date('2026-11-20T09:00:00Z');
    const order = await createOrder(server.context, { userId: null });
    await server.context.db
      .update(orders)
      .set({ payerType: 'LEGAL', status: 'COMPLETED', organizationName: 'ООО «Ромашка»' })
      .where(eq(orders.id, order.id));
    const [act] = await server.context.db
      .insert(invoices)
      .values({
        orderId: order.id,
        kind: 'ACT',
        number: `АКТ-${order.number}`,
        amount: 2140,
        createdAt: new Date(now.getTime() - 6 * DAY),
      })
      .returning();
    expect(await sendActReminders(server.context, now)).toBe(0);
    await server.context.db
      .update(invoices)
      .set({ createdAt: new Date(now.getTime() - 8 * DAY) })
      .where(eq(invoices.id, act?.id as number));
    expect(await sendActReminders(server.context, now)).toBe(1);
    await server.context.db
      .update(invoices)
      .set({ status: 'SIGNED' })
      .where(eq(invoices.id, act?.id as number));
    expect(await sendActReminders(server.context, new Date(now.getTime() + 30 * DAY))).toBe(0);
  });
});

async function reminders(orderId: number) {
  const events = await server.context.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
  return events.filter((e) => e.eventType === 'payment-reminder').sort((a, b) => a.id - b.id);
}
