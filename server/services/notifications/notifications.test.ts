import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { notifications, pushSubscriptions, users } from '../../db/schema';
import { createOrder, createUser } from '../../test-support/fixtures';
import { officeOrderBody } from '../../test-support/order-bodies';
import { startTestPushService, type TestPushService } from '../../test-support/push-service';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { notifyOrderCustomer, notifyUser } from './notifications';

let server: TestServer;
let pushService: TestPushService;
beforeAll(async () => {
  [server, pushService] = await Promise.all([startTestServer({ jobs: true }), startTestPushService()]);
});
afterAll(async () => {
  await server?.close();
  await pushService?.close();
});

const notificationsOf = (userId: number) =>
  server.context.db.select().from(notifications).where(eq(notifications.userId, userId));

async function pushJobsFor(notificationId: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    server.context.db,
    sql`select count(*)::int as n from pgboss.job where name = 'notification-tasks'
        and data->>'name' = 'send-push' and (data->>'notificationId')::int = ${notificationId}`,
  );
  return row?.n ?? 0;
}

/** A device of the user subscribed at the local push service, saved as the API saves it. */
async function subscribedDevice(userId: number) {
  const subscription = await pushService.subscribe(server.context.push.publicKey);
  const [row] = await server.context.db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: subscription.endpoint, ...subscription.keys })
    .returning();
  if (!row) throw new Error('no subscription row');
  return { ...subscription, id: row.id };
}

const deviceRow = async (id: number) =>
  (await server.context.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)))[0];

describe('notifyUser', () => {
  it('stores the notification with the order link and queues its push in the same transaction', async () => {
    const user = await createUser(server.context);
    const order = await createOrder(server.context, { userId: user.id });
    await server.context.db.transaction((tx) =>
      notifyUser(tx, {
        userId: user.id,
        type: 'ORDER_STATUS',
        title: `Заказ ${order.number} готов`,
        body: 'Можно забирать',
        orderId: order.id,
      }),
    );
    const [stored] = await notificationsOf(user.id);
    expect(stored).toMatchObject({
      title: `Заказ ${order.number} готов`,
      url: `/cabinet/orders/${order.id}`,
    });
    expect(stored?.readAt).toBeNull();
    expect(await pushJobsFor(stored?.id ?? 0)).toBe(1);
  });

  it('leaves neither notification nor push behind when the change rolls back', async () => {
    const user = await createUser(server.context);
    // Push tasks whose notification does not exist: counting all jobs races with other test files
    // sharing a PostgreSQL test database.
    const orphanPushes = async () => {
      const [row] = await rowsOf<{ n: number }>(
        server.context.db,
        sql`select count(*)::int as n from pgboss.job j where j.data->>'name' = 'send-push' and not exists (select 1 from notifications n where n.id = (j.data->>'notificationId')::int)`,
      );
      return row?.n;
    };
    const jobsBefore = await orphanPushes();
    await expect(
      server.context.db.transaction(async (tx) => {
        await notifyUser(tx, { userId: user.id, type: 'PAYMENT', title: 'Оплачено', body: 'Спасибо' });
        throw new Error('the status change failed');
      }),
    ).rejects.toThrow('the status change failed');
    expect(await notificationsOf(user.id)).toEqual([]);
    const jobsAfter = await orphanPushes();
    expect(jobsAfter).toEqual(jobsBefore);
  });
});

describe('a new order', () => {
  it("tells the customer's account it was received, linking to the order, its push in the order's one task", async () => {
    const email = `push-order-${Date.now()}@example.ru`;
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: officeOrderBody(email),
    });
    expect(response.statusCode).toBe(201);
    const { order } = response.json() as { order: { id: number; number: string } };
    const [account] = await server.context.db.select().from(users).where(eq(users.email, email));
    const [received] = await notificationsOf(account?.id ?? 0);
    expect(received).toMatchObject({
      type: 'ORDER_STATUS',
      title: `Заказ ${order.number}`,
      orderId: order.id,
      url: `/cabinet/orders/${order.id}`,
    });
    // The order-received task pushes it along with the mail (services/orders/order-received.ts).
    const tasks = await rowsOf<{ data: unknown }>(
      server.context.db,
      sql`select data from pgboss.job where name = 'order-processing' and (data->>'orderId')::int = ${order.id}`,
    );
    expect(tasks.map((task) => task.data)).toEqual([
      { name: 'order-received', orderId: order.id, notificationId: received?.id },
    ]);
    expect(await pushJobsFor(received?.id ?? 0)).toBe(0);
  });
});

describe('notifyOrderCustomer', () => {
  it("notifies the order's own account", async () => {
    const user = await createUser(server.context);
    const order = await createOrder(server.context, { userId: user.id });
    await notifyOrderCustomer(server.context.db, order.id, { type: 'PAYMENT', title: 'Оплачен', body: '…' });
    expect((await notificationsOf(user.id)).map((n) => n.orderId)).toEqual([order.id]);
  });

  it('finds the account that signed in with the order email when the order has none', async () => {
    const order = await createOrder(server.context, { userId: null });
    const account = await createUser(server.context, { email: order.email.toUpperCase() });
    await server.context.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, account.id));
    await notifyOrderCustomer(server.context.db, order.id, {
      type: 'ORDER_STATUS',
      title: 'Принят',
      body: '…',
    });
    expect(await notificationsOf(account.id)).toHaveLength(1);
  });

  it('does nothing when the customer has no account', async () => {
    const order = await createOrder(server.context, { userId: null });
    const before = await server.context.db.$count(notifications);
    await notifyOrderCustomer(server.context.db, order.id, {
      type: 'ORDER_STATUS',
      title: 'Принят',
      body: '…',
    });
    expect(await server.context.db.$count(notifications)).toBe(before);
  });
});

describe('web push of a notification', () => {
  it("reaches every device of the user through the push service, encrypted, with the order's tracking link, and records the success", async () => {
    const user = await createUser(server.context);
    const order = await createOrder(server.context, { userId: user.id });
    const phone = await subscribedDevice(user.id);
    const laptop = await subscribedDevice(user.id);
    await notifyUser(server.context.db, {
      userId: user.id,
      type: 'ORDER_STATUS',
      title: 'Заказ готов',
      body: 'Перевод можно забрать',
      orderId: order.id,
    });
    for (const device of [phone, laptop]) {
      await expect.poll(() => pushService.messages(device.clientHash), { timeout: 10_000 }).toHaveLength(1);
      const [message] = await pushService.messages(device.clientHash);
      expect(JSON.parse(message as string)).toMatchObject({
        title: 'Заказ готов',
        body: 'Перевод можно забрать',
        url: `/cabinet/orders/${order.id}`,
        orderId: order.id,
        tag: `order-${order.id}`,
        trackingUrl: expect.stringMatching(/^\/track\/[\w-]{43}$/),
      });
      // The order's tracking link: it opens the order without signing in.
      const tracked = await server.app.inject({
        method: 'GET',
        url: `/api${JSON.parse(message as string).trackingUrl}`,
      });
      expect(tracked.json()).toMatchObject({ number: order.number });
      await expect
        .poll(async () => (await deviceRow(device.id))?.lastSuccessAt, { timeout: 5_000 })
        .toBeInstanceOf(Date);
    }
  });

  it('forgets a device whose push service answers 410 and still reaches the others', async () => {
    const user = await createUser(server.context);
    const gone = await subscribedDevice(user.id);
    const live = await subscribedDevice(user.id);
    await pushService.expire(gone.clientHash);
    await notifyUser(server.context.db, {
      userId: user.id,
      type: 'SYSTEM',
      title: 'Проверка',
      body: 'Связь',
    });
    await expect.poll(() => deviceRow(gone.id), { timeout: 10_000 }).toBeUndefined();
    await expect.poll(() => pushService.messages(live.clientHash), { timeout: 10_000 }).toHaveLength(1);
    expect(await deviceRow(live.id)).toBeDefined();
  });
});
