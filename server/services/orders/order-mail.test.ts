/**
 * The mails of an order's life, queued with each status change in its own transaction: the
 * customer hears of the price, the payment, the translation ready (where to collect it and what to
 * bring), the completion and a cancellation with its reason — not of the bureau's inner steps, and
 * not of a cancellation they made themselves. Every mail sent is an event of the order.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRubles } from '../../../src/domain/format';
import { rowsOf } from '../../db/rows';
import { orderEvents, orders } from '../../db/schema';
import { eventually } from '../../test-support/eventually';
import { createOrder, createUser } from '../../test-support/fixtures';
import { listOutbox, waitForEmail } from '../../test-support/outbox';
import { signInAs, signInUser } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let admin: { authorization: string };
beforeAll(async () => {
  server = await startTestServer({ jobs: true });
  admin = (await signInAs(server.context, 'ADMIN')).headers;
});
afterAll(() => server?.close());

async function move(orderId: number, status: string, comment?: string) {
  const answer = await server.app.inject({
    method: 'PATCH',
    url: '/api/order/status',
    headers: admin,
    payload: { id: orderId, status, comment },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

const mailsFor = (email: string) =>
  listOutbox(server.context.config.dataDir).filter((f) => f.includes(`-${email}-`));

describe('mail for every step of an order', () => {
  it('goes out for the steps the customer waits for, with what they need to act', async () => {
    const order = await createOrder(server.context, { userId: null });
    await server.context.db.update(orders).set({ officeId: 1, amount: 2140 }).where(eq(orders.id, order.id));
    const dataDir = server.context.config.dataDir;

    await move(order.id, 'AWAITING_PAYMENT', 'Диплом с приложением: цена за оба документа');
    const due = await waitForEmail(dataDir, { to: order.email, template: 'order-payment-due' }, 30_000);
    expect(due.subject).toBe(`Заказ ${order.number}: стоимость подтверждена`);
    expect(due.text).toContain(`К оплате: ${formatRubles(2140)}.`);
    // What the manager wrote with the price is the customer's to read.
    expect(due.text).toContain('Комментарий менеджера: Диплом с приложением: цена за оба документа');
    expect(due.text).toContain(`/cabinet/orders/${order.id}`);

    await move(order.id, 'PAID');
    await waitForEmail(dataDir, { to: order.email, template: 'order-paid' }, 30_000);
    await move(order.id, 'IN_TRANSLATION');
    await move(order.id, 'READY');
    const ready = await waitForEmail(dataDir, { to: order.email, template: 'order-ready' }, 30_000);
    expect(ready.text).toContain('Забрать его можно в офисе:');
    expect(ready.text).toContain('Адрес: Москва, ул. Тверская, 12, стр. 1');
    expect(ready.text).toContain('Часы работы: Пн–Пт 9:00–20:00, Сб 10:00–16:00');
    expect(ready.html).toContain('<strong>Офис на Тверской</strong>');
    await move(order.id, 'COMPLETED');
    await waitForEmail(dataDir, { to: order.email, template: 'order-completed' }, 30_000);

    // The bureau's inner step sends nothing: four statuses, four mails.
    expect(mailsFor(order.email).map((f) => f.replace(/^.*-(order-[a-z-]+)\.eml$/, '$1'))).toEqual([
      'order-payment-due',
      'order-paid',
      'order-ready',
      'order-completed',
    ]);
    const sent = await eventually(async () => {
      const rows = await server.context.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.eventType, 'send-email')));
      return rows.length === 4 ? rows : undefined;
    });
    expect(sent.every((event) => event.success)).toBe(true);
    expect(sent.map((event) => event.payload?.template).sort()).toEqual([
      'order-completed',
      'order-paid',
      'order-payment-due',
      'order-ready',
    ]);
  }, 120_000);

  it('tells where a pickup point is, its hours and how to find its entrance', async () => {
    const order = await createOrder(server.context, { userId: null, partnerId: 1 });
    await server.context.db.update(orders).set({ pickupPointId: 1 }).where(eq(orders.id, order.id));
    for (const status of ['AWAITING_PAYMENT', 'PAID', 'IN_TRANSLATION', 'READY', 'AT_PICKUP_POINT'])
      await move(order.id, status);
    const waiting = await waitForEmail(
      server.context.config.dataDir,
      { to: order.email, template: 'order-at-pickup-point' },
      30_000,
    );
    expect(waiting.text).toContain('Часы работы: Пн–Вс 10:00–21:00');
    expect(waiting.text).toContain('Как найти: Вход со двора, второй подъезд.');
    expect(waiting.html).toContain('Как найти: Вход со двора, второй подъезд.');
  }, 120_000);

  it('tells a cancellation with its reason, but not to a customer who cancelled it themselves', async () => {
    const byStaff = await createOrder(server.context, { userId: null });
    await move(byStaff.id, 'CANCELLED', 'Клиент передумал по телефону');
    const mail = await waitForEmail(
      server.context.config.dataDir,
      { to: byStaff.email, template: 'order-cancelled' },
      30_000,
    );
    expect(mail.text).toContain('Причина: Клиент передумал по телефону');

    const customer = await createUser(server.context);
    const own = await createOrder(server.context, { userId: customer.id });
    const session = await signInUser(server.context, customer);
    const cancelled = await server.app.inject({
      method: 'POST',
      url: `/api/user/orders/${own.id}/cancel`,
      headers: session.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The mail would have been written with the change: nothing is there.
    const rows = await rowsOf(
      server.context.db,
      sql`select 1 from pgboss.job where name = 'notification-tasks' and data->>'orderId' = ${String(own.id)}`,
    );
    expect(rows).toEqual([]);
  }, 60_000);
});
