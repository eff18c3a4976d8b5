/**
 * The monitoring dashboard's figures are the orders' event log counted: a seeded set of events
 * gives exactly its counts (an event older than a day is left out), and a server without the
 * courier service or pg-boss says so rather than failing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, refunds } from '../../db/schema';
import { createOrder } from '../../test-support/fixtures';
import { signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let manager: { authorization: string };
let admin: { authorization: string };
beforeAll(async () => {
  server = await startTestServer();
  manager = (await signInAs(server.context, 'MANAGER')).headers;
  admin = (await signInAs(server.context, 'ADMIN')).headers;
});
afterAll(() => server?.close());

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

describe('the monitoring dashboard', () => {
  it("counts the last day's events: mails sent, parcels registered, orders with errors", async () => {
    const calm = await createOrder(server.context, { userId: null });
    const troubled = await createOrder(server.context, { userId: null });
    const old = await createOrder(server.context, { userId: null });
    const event = (orderId: number, eventType: string, success: boolean, at: Date, extra = {}) => ({
      orderId,
      eventType,
      success,
      createdAt: at,
      error: success ? null : `${eventType}: отказ`,
      ...extra,
    });
    await server.context.db.insert(orderEvents).values([
      event(calm.id, 'send-email', true, hoursAgo(1)),
      event(calm.id, 'send-email', true, hoursAgo(2)),
      // A new order's confirmation, sent by its order-received task.
      event(troubled.id, 'order-received', true, hoursAgo(3)),
      event(troubled.id, 'send-email', false, hoursAgo(4)),
      event(troubled.id, 'create-delivery', false, hoursAgo(0.5), { error: 'СДЭК ответил ошибкой 502' }),
      event(calm.id, 'create-delivery', true, hoursAgo(1), { payload: { created: true } }),
      event(calm.id, 'create-delivery', true, hoursAgo(1), { payload: { created: false } }),
      event(old.id, 'send-email', false, hoursAgo(30)),
    ]);

    const answer = await server.app.inject({
      url: '/api/admin/order-monitoring/dashboard',
      headers: manager,
    });
    expect(answer.statusCode).toBe(200);
    const data = answer.json().data;
    expect(data.totals).toEqual({
      orders: 3,
      ordersWithErrors: 1,
      emailsSent: 3,
      deliveriesCreated: 1,
      unreadMessages: 0,
      ordersAwaitingReply: 0,
      overdueOrders: 0,
      dueToday: 0,
    });
    expect(data.orderStats).toEqual([{ status: 'NEW', count: 3 }]);
    expect(data.eventStats).toEqual([
      { eventType: 'create-delivery', successful: 2, total: 3 },
      { eventType: 'send-email', successful: 2, total: 3 },
      { eventType: 'order-received', successful: 1, total: 1 },
    ]);
    expect(data.problematicOrders).toEqual([
      {
        orderId: troubled.id,
        orderNumber: troubled.number,
        errorCount: 2,
        lastError: 'СДЭК ответил ошибкой 502',
        lastErrorAt: expect.any(String),
      },
    ]);
    expect(data.jobsByHour).toHaveLength(24);
    // The owner reads these: what is missing in the bureau's words, no setting names.
    expect(data.integrations.courier).toEqual({
      name: 'СДЭК',
      configured: false,
      message: 'Не настроено: нужен договор со СДЭК. Пока доставки оформляет бюро, цена — по тарифу доставки',
    });
    expect(data.integrations.payments.message).toMatch(/^Не настроено: нужен договор с ЮKassa/);
    expect(JSON.stringify(data.integrations)).not.toMatch(/[A-Z]{2,}_[A-Z_]{2,}/);
  });

  it('lists the refunds to watch: in processing whatever their age, refused in the last 30 days', async () => {
    const refund = async (
      status: 'PENDING' | 'SUCCEEDED' | 'FAILED',
      createdAt: Date,
      doneAt: Date | null,
    ) => {
      const order = await createOrder(server.context, { userId: null });
      await server.context.db.insert(refunds).values({
        orderId: order.id,
        amount: 1500,
        reason: `Возврат ${status}`,
        status,
        paymentId: `pay-${order.id}`,
        idempotenceKey: `key-${order.id}`,
        error: status === 'SUCCEEDED' ? null : `ответ ${order.id}`,
        createdAt,
        doneAt,
      });
      return order;
    };
    const waitingLong = await refund('PENDING', hoursAgo(24 * 40), null);
    const refused = await refund('FAILED', hoursAgo(5), hoursAgo(4));
    await refund('FAILED', hoursAgo(24 * 35), hoursAgo(24 * 31));
    await refund('SUCCEEDED', hoursAgo(3), hoursAgo(2));
    const data = (
      await server.app.inject({ url: '/api/admin/order-monitoring/dashboard', headers: manager })
    ).json().data;
    expect(data.refunds).toEqual([
      {
        orderId: waitingLong.id,
        orderNumber: waitingLong.number,
        amount: 1500,
        status: 'PENDING',
        reason: 'Возврат PENDING',
        error: `ответ ${waitingLong.id}`,
        createdAt: expect.any(String),
        doneAt: null,
      },
      expect.objectContaining({ orderId: refused.id, status: 'FAILED', doneAt: expect.any(String) }),
    ]);
  });

  it('without pg-boss: the queue reads offline, the courier jobs say why they are not scheduled', async () => {
    const queue = await server.app.inject({ url: '/api/admin/queue/info', headers: admin });
    expect(queue.json()).toEqual({
      success: true,
      data: { isConnected: false, waiting: 0, active: 0, completed: 0, failed: 0, delayed: 0 },
    });
    const cron = (await server.app.inject({ url: '/api/admin/cron/info', headers: admin })).json().data;
    expect(cron['sync-pickup-points'].notice).toMatch(/^Не настроено: нужен договор со СДЭК/);
    expect(JSON.stringify(cron)).not.toMatch(/[A-Z]{2,}_[A-Z_]{2,}/);
    expect(cron['check-new-paid-orders']).toMatchObject({ repeatableJobs: 0, notice: null, error: null });
    const initialize = await server.app.inject({
      method: 'POST',
      url: '/api/admin/cron/initialize',
      headers: admin,
    });
    expect(initialize.statusCode).toBe(503);
    expect(initialize.json().message).toBe('Очередь задач не запущена: действие сейчас невозможно');
  });
});
