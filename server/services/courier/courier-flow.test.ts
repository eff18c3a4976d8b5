/**
 * An order delivered by CDEK end to end, against the local stub: the city's pickup points are
 * synchronised, an order for one of them that becomes READY gets its parcel registered, the
 * parcel's progress moves the order on and the customer is mailed at each step; a call that
 * hangs or fails is retried and the order is never lost; the form's price comes from CDEK.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, pickupPoints } from '../../db/schema';
import { type CdekStub, startCdekStub } from '../../test-support/cdek-stub';
import { eventually } from '../../test-support/eventually';
import { createOrder } from '../../test-support/fixtures';
import { waitForEmail } from '../../test-support/outbox';
import { signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { checkDeliveryStatuses } from './delivery-statuses';
import { parcelOfOrder } from './parcels';
import { syncPickupPoints } from './sync-points';

let server: TestServer;
let stub: CdekStub;
let admin: { authorization: string };

beforeAll(async () => {
  stub = await startCdekStub();
  server = await startTestServer({
    jobs: true,
    env: {
      CDEK_CLIENT_ID: stub.clientId,
      CDEK_CLIENT_SECRET: stub.clientSecret,
      CDEK_API_URL: stub.apiUrl,
      CDEK_TIMEOUT: '1',
    },
  });
  admin = (await signInAs(server.context, 'ADMIN')).headers;
});
afterAll(async () => {
  await server?.close();
  await stub?.close();
});

const courier = () => {
  if (!server.context.courier) throw new Error('CDEK not configured');
  return server.context.courier;
};

async function moveAs(orderId: number, status: string) {
  const answer = await server.app.inject({
    method: 'PATCH',
    url: '/api/order/status',
    headers: admin,
    payload: { id: orderId, status },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

const statusOf = async (orderId: number) =>
  (await server.context.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]
    ?.status;

describe('CDEK pickup points', () => {
  it('are added, updated and switched off as CDEK lists them; an empty answer changes nothing', async () => {
    const first = await syncPickupPoints(server.context, courier(), 44);
    expect(first).toEqual({ received: 2, added: 2, switchedOff: 0 });
    stub.points = [
      { ...(stub.points[0] as (typeof stub.points)[number]), work_time: 'Ежедневно 08:00-22:00' },
    ];
    expect(await syncPickupPoints(server.context, courier(), 44)).toEqual({
      received: 1,
      added: 0,
      switchedOff: 1,
    });
    const rows = await server.context.db
      .select()
      .from(pickupPoints)
      .where(eq(pickupPoints.type, 'COURIER_SERVICE'));
    expect(rows.map((p) => [p.code, p.isActive, p.schedule]).sort()).toEqual([
      ['MSK101', true, 'Ежедневно 08:00-22:00'],
      ['MSK202', false, 'Ежедневно 09:00-21:00'],
    ]);
    stub.points = [];
    await expect(syncPickupPoints(server.context, courier(), 44)).rejects.toThrow(
      'СДЭК не вернул ни одного пункта выдачи: прежний список оставлен',
    );
  });
});

describe('an order for a CDEK pickup point', () => {
  it('gets its parcel when ready, moves with the parcel, and its customer is told where and what to bring', async () => {
    const [point] = await server.context.db
      .select()
      .from(pickupPoints)
      .where(and(eq(pickupPoints.type, 'COURIER_SERVICE'), eq(pickupPoints.code, 'MSK101')));
    const order = await createOrder(server.context, { userId: null });
    await server.context.db
      .update(orders)
      .set({
        status: 'IN_TRANSLATION',
        deliveryType: 'PICKUP_POINT',
        pickupPointId: point?.id,
        pickupPointName: point?.name,
      })
      .where(eq(orders.id, order.id));
    const dataDir = server.context.config.dataDir;

    await moveAs(order.id, 'READY');
    const ready = await waitForEmail(dataDir, { to: order.email, template: 'order-ready' }, 30_000);
    expect(ready.text).toContain('отправляется в пункт выдачи «На Тверской»');
    const parcel = await eventually(() => parcelOfOrder(server.context.db, order.id), { what: 'the parcel' });
    expect(parcel).toMatchObject({ service: 'cdek', tariffCode: 138 });
    expect(stub.parcels.get(parcel.externalId)).toMatchObject({
      number: order.number,
      delivery_point: 'MSK101',
    });

    stub.advance(parcel.externalId, 'RECEIVED_AT_SHIPMENT_WAREHOUSE', 'Принят на склад отправителя');
    expect(await checkDeliveryStatuses(server.context, courier())).toMatchObject({ moved: 1, failed: 0 });
    await eventually(async () => ((await statusOf(order.id)) === 'IN_DELIVERY' ? true : undefined), {
      what: 'IN_DELIVERY',
    });
    const sent = await waitForEmail(dataDir, { to: order.email, template: 'order-in-delivery' }, 30_000);
    const tracking = stub.parcels.get(parcel.externalId)?.cdek_number as string;
    expect(sent.text).toContain(`Номер отправления: ${tracking}`);
    expect(sent.text).toContain(`https://www.cdek.ru/ru/tracking?order_id=${tracking}`);

    stub.advance(parcel.externalId, 'ACCEPTED_AT_PICK_UP_POINT', 'Принят на склад до востребования');
    await checkDeliveryStatuses(server.context, courier());
    await eventually(async () => ((await statusOf(order.id)) === 'AT_PICKUP_POINT' ? true : undefined), {
      what: 'AT_PICKUP_POINT',
    });
    const waiting = await waitForEmail(
      dataDir,
      { to: order.email, template: 'order-at-pickup-point' },
      30_000,
    );
    expect(waiting.subject).toBe(`Заказ ${order.number} ждёт вас в пункте выдачи`);
    expect(waiting.text).toContain('Адрес: Россия, Москва, ул. Тверская, 18');
    expect(waiting.text).toContain('Часы работы: Ежедневно 08:00-22:00');
    expect(waiting.text).toContain('Что взять с собой: паспорт');

    stub.advance(parcel.externalId, 'DELIVERED', 'Вручен');
    await checkDeliveryStatuses(server.context, courier());
    await eventually(async () => ((await statusOf(order.id)) === 'COMPLETED' ? true : undefined), {
      what: 'COMPLETED',
    });
    const history = await server.app.inject({ url: `/api/order/${order.id}`, headers: admin });
    expect(history.json().history.at(-1)).toMatchObject({
      status: 'COMPLETED',
      comment: 'СДЭК: Вручен',
      actorRole: null,
    });
  }, 180_000);
});

describe('a courier order when CDEK has a bad moment', () => {
  it('keeps the order READY, retries after a timeout and a 5xx, and logs every attempt', async () => {
    const order = await createOrder(server.context, { userId: null });
    await server.context.db
      .update(orders)
      .set({ status: 'READY', deliveryType: 'COURIER', address: 'Москва, ул. Профсоюзная, 56, кв. 10' })
      .where(eq(orders.id, order.id));
    stub.hangNext(1);
    const jobs = server.context.jobs;
    if (!jobs) throw new Error('jobs not started');
    const id = (await jobs.send(
      'sync-tasks',
      { name: 'create-delivery', orderId: order.id },
      { retryLimit: 3, retryDelay: 1 },
    )) as string;
    jobs.wake('sync-tasks');
    await eventually(async () =>
      stub.requests.some((r) => r.path.startsWith('/v2/orders?')) ? true : undefined,
    );
    stub.failNext(1, 503);
    const done = await eventually(
      async () => {
        const job = await jobs.boss.getJobById('sync-tasks', id);
        return job?.state === 'completed' ? job : undefined;
      },
      { what: 'the parcel task to succeed', timeoutMs: 90_000 },
    );
    expect(done.retryCount).toBeGreaterThanOrEqual(1);
    expect(await statusOf(order.id)).toBe('READY');
    const events = await server.context.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.eventType, 'create-delivery')))
      .orderBy(orderEvents.id);
    expect(events.map((e) => [e.success, e.error])).toEqual([
      [false, 'СДЭК не ответил за 1 с'],
      [false, 'СДЭК ответил ошибкой 503: Internal server error — v2_internal_error'],
      [true, null],
    ]);
    expect((await parcelOfOrder(server.context.db, order.id))?.tariffCode).toBe(139);
  }, 150_000);
});

describe('the courier price in the order form', () => {
  it('comes from CDEK: to an address, and to a CDEK pickup point by its code', async () => {
    const ask = (to: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/order/cdek-delivery/check-price',
        payload: { from: null, to, officeId: null },
      });
    const toDoor = await ask('Москва, ул. Профсоюзная, 56');
    expect(toDoor.statusCode).toBe(200);
    expect(toDoor.json().options).toEqual([
      { tariffCode: '139', name: 'Посылка дверь-дверь', price: 610, minDays: 1, maxDays: 3 },
    ]);
    const toPoint = await ask('MSK101');
    expect(toPoint.json().options.map((o: { tariffCode: string }) => o.tariffCode)).toEqual(['138']);
    stub.failNext(1);
    const down = await ask('Москва, ул. Профсоюзная, 56');
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe(
      'СДЭК ответил ошибкой 500: Internal server error — v2_internal_error. Действует тариф доставки',
    );
  });
});
