/**
 * The monitor over real pg-boss queues: a task that keeps failing is retried, shows as failed
 * with its reason and runs again from the monitor; an order's tasks are found and cancelled; the
 * periodic jobs are (re)initialised without doubles, cleared for good, and run on demand.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { type CdekStub, startCdekStub } from '../../test-support/cdek-stub';
import { eventually } from '../../test-support/eventually';
import { createOrder } from '../../test-support/fixtures';
import { signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { parcelOfOrder } from '../courier/parcels';
import type { QueueJob } from './job-rows';

let server: TestServer;
let stub: CdekStub;
let admin: { authorization: string };
let manager: { authorization: string };

beforeAll(async () => {
  stub = await startCdekStub();
  server = await startTestServer({
    jobs: true,
    env: { CDEK_CLIENT_ID: stub.clientId, CDEK_CLIENT_SECRET: stub.clientSecret, CDEK_API_URL: stub.apiUrl },
  });
  admin = (await signInAs(server.context, 'ADMIN')).headers;
  manager = (await signInAs(server.context, 'MANAGER')).headers;
});
afterAll(async () => {
  await server?.close();
  await stub?.close();
});

const get = async (url: string, headers = admin) => {
  const answer = await server.app.inject({ url, headers });
  expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
  return answer.json();
};
const jobs = () => {
  const running = server.context.jobs;
  if (!running) throw new Error('jobs not started');
  return running;
};

async function courierOrder() {
  const order = await createOrder(server.context, { userId: null });
  await server.context.db
    .update(orders)
    .set({ status: 'READY', deliveryType: 'COURIER', address: 'Москва, ул. Профсоюзная, 56, кв. 10' })
    .where(eq(orders.id, order.id));
  return order;
}

describe('a task that keeps failing', () => {
  it('is retried, then shows as failed with its reason, and runs again when retried from the monitor', async () => {
    const order = await courierOrder();
    stub.failNext(1000);
    const id = (await jobs().send(
      'sync-tasks',
      { name: 'create-delivery', orderId: order.id },
      { retryLimit: 1, retryDelay: 1 },
    )) as string;
    jobs().wake('sync-tasks');

    const failed = await eventually(
      async () => {
        const list = await get('/api/admin/queue/jobs/failed?queue=sync-tasks');
        return (list.data as QueueJob[]).find((job) => job.id === id);
      },
      { what: 'the task to fail for good' },
    );
    expect(failed).toMatchObject({
      name: 'create-delivery',
      queue: 'sync-tasks',
      data: { orderId: order.id },
      state: 'failed',
      attemptsMade: 2,
      attemptsAllowed: 2,
      failedReason: 'СДЭК ответил ошибкой 500: Internal server error — v2_internal_error',
    });
    expect(failed.finishedOn).toBeGreaterThanOrEqual(failed.timestamp);

    // The order's page, as a manager sees it: both attempts in its log, the task failed.
    const monitored = (await get(`/api/admin/order-monitoring/order/${order.number}`, manager)).data;
    const attempts = monitored.events.filter((e: { eventType: string }) => e.eventType === 'create-delivery');
    expect(attempts).toHaveLength(2);
    expect(
      attempts.every((e: { success: boolean; error: string }) => !e.success && /ошибкой 500/.test(e.error)),
    ).toBe(true);
    expect(monitored.tasks.find((t: QueueJob) => t.id === id)?.state).toBe('failed');
    const dashboard = (await get('/api/admin/order-monitoring/dashboard', manager)).data;
    expect(dashboard.problematicOrders).toContainEqual(
      expect.objectContaining({ orderId: order.id, orderNumber: order.number, errorCount: 2 }),
    );

    stub.failNext(0);
    const retried = await server.app.inject({
      method: 'POST',
      url: `/api/admin/queue/job/sync-tasks/${id}/retry`,
      headers: manager,
    });
    expect(retried.json()).toEqual({ success: true, message: 'Задача поставлена на повтор' });
    const parcel = await eventually(() => parcelOfOrder(server.context.db, order.id), {
      what: 'the parcel to be registered',
    });
    expect(stub.parcels.get(parcel.externalId)?.number).toBe(order.number);
    const after = (await get(`/api/admin/order-monitoring/order/${order.id}`)).data;
    expect(after.tasks.find((t: QueueJob) => t.id === id)).toMatchObject({
      state: 'completed',
      failedReason: null,
    });
    expect(after.events[0]).toMatchObject({
      eventType: 'create-delivery',
      success: true,
      payload: { created: true },
    });

    const again = await server.app.inject({
      method: 'POST',
      url: `/api/admin/queue/job/sync-tasks/${id}/retry`,
      headers: admin,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Повторить можно только задачу, завершившуюся ошибкой');
  }, 120_000);
});

describe("an order's tasks", () => {
  it('are found by the order number and all cancelled after the admin confirms', async () => {
    const order = await createOrder(server.context, { userId: null });
    const later = { startAfter: 3600 };
    await jobs().send(
      'order-processing',
      { name: 'change-status', orderId: order.id, status: 'CANCELLED' },
      later,
    );
    await jobs().send('order-processing', { name: 'make-invoice', orderId: order.id }, later);
    await jobs().send(
      'notification-tasks',
      { name: 'send-email', orderId: order.id, template: 'order-paid', to: order.email },
      later,
    );

    const found = await get(`/api/admin/queue/order/${encodeURIComponent(`№ ${order.number}`)}`);
    expect(found.data.map((t: QueueJob) => t.name).sort()).toEqual([
      'change-status',
      'make-invoice',
      'send-email',
    ]);
    expect(found.data.every((t: QueueJob) => t.state === 'created' && t.delay > 3_000_000)).toBe(true);

    const cancelled = await server.app.inject({
      method: 'DELETE',
      url: `/api/admin/queue/order/${order.id}`,
      headers: admin,
    });
    expect(cancelled.json()).toEqual({
      success: true,
      message: `Отменено задач заказа № ${order.number}: 3`,
    });
    const left = await get(`/api/admin/queue/order/${order.id}`);
    expect(left.data.map((t: QueueJob) => t.state)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    const none = await server.app.inject({
      method: 'DELETE',
      url: `/api/admin/queue/order/${order.id}`,
      headers: admin,
    });
    expect(none.json().message).toBe(`Активных задач у заказа № ${order.number} нет`);

    const missing = await server.app.inject({ url: '/api/admin/queue/order/0000-99999', headers: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Заказ «0000-99999» не найден' });
  }, 60_000);
});

describe('the periodic jobs', () => {
  const scheduleNames = async () => (await jobs().boss.getSchedules()).map((s) => s.name).sort();
  const post = (url: string) => server.app.inject({ method: 'POST', url, headers: admin });

  it('initialised twice have one schedule each; cleared, they stay cleared until initialised', async () => {
    expect((await post('/api/admin/cron/initialize')).json().message).toBe(
      'Периодические задачи запланированы — 9',
    );
    expect((await post('/api/admin/cron/initialize')).json().message).toBe(
      'Периодические задачи запланированы — 9',
    );
    expect(await scheduleNames()).toEqual([
      'backup',
      'check-delivery-statuses',
      'check-new-paid-orders',
      'file-cleanup',
      'orphan-sweep',
      'scan-retention',
      'send-act-exchange-reminders',
      'send-payment-reminders',
      'sync-pickup-points',
    ]);
    const info = (await get('/api/admin/cron/info')).data;
    expect(info['check-new-paid-orders']).toMatchObject({
      repeatableJobs: 1,
      error: null,
      notice: null,
      title: 'Проверка оплат заказов у платёжного сервиса',
      jobs: [{ id: 'check-new-paid-orders', cron: '*/10 * * * *', timezone: 'Europe/Moscow' }],
    });
    expect(Date.parse(info['check-new-paid-orders'].jobs[0].next)).toBeGreaterThan(Date.now());

    const cleared = await server.app.inject({ method: 'DELETE', url: '/api/admin/cron/all', headers: admin });
    expect(cleared.json()).toEqual({ success: true, message: 'Периодические задачи удалены — 9' });
    expect(await scheduleNames()).toEqual([]);
    const afterClear = (await get('/api/admin/cron/info')).data;
    expect(afterClear['send-payment-reminders']).toMatchObject({ repeatableJobs: 0, jobs: [] });
    expect(afterClear['send-payment-reminders'].notice).toMatch(/Расписание удалено/);
    // A restart does not bring them back behind the admin's back.
    const { startPeriodicJobs } = await import('../../jobs/periodic');
    await startPeriodicJobs(server.context, jobs());
    expect(await scheduleNames()).toEqual([]);

    await post('/api/admin/cron/initialize');
    expect(await scheduleNames()).toHaveLength(9);
  }, 60_000);

  it('runs one now and shows what the run did', async () => {
    const run = await post('/api/admin/cron/run/send-payment-reminders');
    expect(run.json()).toEqual({ success: true, message: 'Задача «send-payment-reminders» запущена' });
    const info = await eventually(
      async () => {
        const card = (await get('/api/admin/cron/info')).data['send-payment-reminders'];
        return card.lastRunAt ? card : undefined;
      },
      { what: 'the run to finish' },
    );
    expect(info).toMatchObject({ completed: 1, failed: 0, lastError: null });
    expect(info.lastSummary).toMatch(/^Отправлено напоминаний: \d+$/);
    expect((await post('/api/admin/cron/run/no-such-job')).statusCode).toBe(404);
  }, 60_000);

  it('count in the queue page: connected, with its completed and failed of the last day', async () => {
    const info = (await get('/api/admin/queue/info')).data;
    expect(info.isConnected).toBe(true);
    expect(info.failed).toBeGreaterThanOrEqual(0);
    expect(info.delayed).toBeGreaterThanOrEqual(0);
    const completed = await get('/api/admin/queue/jobs/completed?limit=2&offset=0');
    expect(completed.data.length).toBeLessThanOrEqual(2);
    expect(completed.total).toBeGreaterThanOrEqual(completed.data.length);
  });
});
