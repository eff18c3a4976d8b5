import { createECDH, randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, pushSubscriptions, users } from '../../db/schema';
import { createNotification, createUser } from '../../test-support/fixtures';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let anna: SignedInTestUser;
let boris: SignedInTestUser;
beforeAll(async () => {
  server = await startTestServer();
  [anna, boris] = await Promise.all([signInAs(server.context, 'USER'), signInAs(server.context, 'USER')]);
});
afterAll(() => server?.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who?: SignedInTestUser,
  payload?: object,
) => server.app.inject({ method, url, headers: who?.headers, ...(payload && { payload }) });

/** A subscription as a browser makes one: a P-256 public key and 16 auth bytes. */
function browserSubscription(
  endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`,
) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

const devicesOf = (userId: number) =>
  server.context.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('anonymous callers', () => {
  it.each([
    ['GET', '/api/user/notifications'],
    ['PATCH', '/api/user/notifications/1/read'],
    ['PATCH', '/api/user/notifications/read-all'],
    ['DELETE', '/api/user/notifications/1'],
    ['GET', '/api/notifications/stats'],
    ['DELETE', '/api/notifications/subscribe?endpoint=https%3A%2F%2Ffcm.googleapis.com%2Fx'],
  ] as const)('get 401 in Russian from %s %s', async (method, url) => {
    const response = await call(method, url);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Требуется авторизация' });
  });

  it('get 401 from subscribe and send', async () => {
    expect(
      (await call('POST', '/api/notifications/subscribe', undefined, browserSubscription())).statusCode,
    ).toBe(401);
    const announcement = { title: 'Т', body: 'Б', audience: 'ALL' };
    expect((await call('POST', '/api/notifications/send', undefined, announcement)).statusCode).toBe(401);
  });

  it('read the VAPID public key the server signs its pushes with', async () => {
    const response = await call('GET', '/api/notifications/vapid-public-key');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ publicKey: server.context.push.publicKey });
    expect(Buffer.from(server.context.push.publicKey, 'base64url')).toHaveLength(65);
  });
});

describe("the owner's notifications", () => {
  it('are listed newest first with paging, unread filter and counts, without anyone else’s', async () => {
    const user = await signInAs(server.context, 'USER');
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await createNotification(server.context, user.userId)).id);
    await createNotification(server.context, boris.userId);
    await server.context.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(eq(notifications.id, ids[0] ?? 0));

    const page = (await call('GET', '/api/user/notifications?limit=2&offset=0', user)).json();
    expect(page).toMatchObject({ total: 3, unread: 2, limit: 2, offset: 0 });
    expect(page.items.map((n: { id: number }) => n.id)).toEqual([ids[2], ids[1]]);
    expect(page.items[0]).toEqual({
      id: ids[2],
      type: 'ORDER_STATUS',
      title: 'Заказ готов',
      body: 'Можно забирать',
      url: null,
      orderId: null,
      read: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const unreadOnly = (await call('GET', '/api/user/notifications?includeRead=false', user)).json();
    expect(unreadOnly.items.map((n: { id: number }) => n.id)).toEqual([ids[2], ids[1]]);
    expect(unreadOnly.total).toBe(2);
    expect((await call('GET', '/api/notifications/stats', user)).json()).toEqual({ total: 3, unread: 2 });
  });

  it('are marked read one at a time; another user’s is 404 and stays unread', async () => {
    const mine = await createNotification(server.context, anna.userId);
    const theirs = await createNotification(server.context, boris.userId);
    const read = await call('PATCH', `/api/user/notifications/${mine.id}/read`, anna);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: mine.id, read: true });
    const stolen = await call('PATCH', `/api/user/notifications/${theirs.id}/read`, anna);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ code: 'NOT_FOUND', message: 'Уведомление не найдено' });
    const [row] = await server.context.db.select().from(notifications).where(eq(notifications.id, theirs.id));
    expect(row?.readAt).toBeNull();
  });

  it('are all marked read at once, only the caller’s', async () => {
    const user = await signInAs(server.context, 'USER');
    await createNotification(server.context, user.userId);
    await createNotification(server.context, user.userId);
    const other = await createNotification(server.context, boris.userId);
    const response = await call('PATCH', '/api/user/notifications/read-all', user);
    expect(response.json()).toEqual({ updated: 2 });
    expect((await call('GET', '/api/notifications/stats', user)).json()).toEqual({ total: 2, unread: 0 });
    const [row] = await server.context.db.select().from(notifications).where(eq(notifications.id, other.id));
    expect(row?.readAt).toBeNull();
  });

  it('are deleted by their owner only', async () => {
    const mine = await createNotification(server.context, anna.userId);
    const theirs = await createNotification(server.context, boris.userId);
    expect((await call('DELETE', `/api/user/notifications/${mine.id}`, anna)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/user/notifications/${mine.id}`, anna)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/user/notifications/${theirs.id}`, anna)).statusCode).toBe(404);
    const left = await server.context.db.select().from(notifications).where(eq(notifications.id, theirs.id));
    expect(left).toHaveLength(1);
  });
});

describe('push subscriptions', () => {
  it('are saved for the caller, and a browser that changes hands moves to its new user', async () => {
    const subscription = browserSubscription();
    const saved = await call('POST', '/api/notifications/subscribe', anna, subscription);
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toEqual({ success: true });
    expect((await devicesOf(anna.userId)).map((d) => d.endpoint)).toContain(subscription.endpoint);
    expect((await call('POST', '/api/notifications/subscribe', anna, subscription)).statusCode).toBe(201);
    expect((await devicesOf(anna.userId)).filter((d) => d.endpoint === subscription.endpoint)).toHaveLength(
      1,
    );

    await call('POST', '/api/notifications/subscribe', boris, subscription);
    expect((await devicesOf(anna.userId)).map((d) => d.endpoint)).not.toContain(subscription.endpoint);
    expect((await devicesOf(boris.userId)).map((d) => d.endpoint)).toContain(subscription.endpoint);
  });

  it.each([
    ['plain http', 'http://fcm.googleapis.com/fcm/send/x'],
    ['localhost', 'https://localhost:8080/notify/x'],
    ['an IP address', 'https://10.0.0.5/notify/x'],
    ['an IPv6 address', 'https://[::1]/notify/x'],
  ])('refuse an endpoint on %s, so the server never posts into its own network', async (_, endpoint) => {
    const response = await call('POST', '/api/notifications/subscribe', anna, browserSubscription(endpoint));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Адрес подписки должен вести на службу push-уведомлений по https',
    });
  });

  it('refuse keys nothing can be encrypted for', async () => {
    const broken = browserSubscription();
    broken.keys.p256dh = Buffer.alloc(65, 7).toString('base64url');
    const response = await call('POST', '/api/notifications/subscribe', anna, broken);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Ключ подписки p256dh повреждён');
  });

  it('are forgotten on unsubscribe, only the caller’s own', async () => {
    const mine = browserSubscription();
    const theirs = browserSubscription();
    await call('POST', '/api/notifications/subscribe', anna, mine);
    await call('POST', '/api/notifications/subscribe', boris, theirs);
    const query = (s: { endpoint: string }) =>
      `/api/notifications/subscribe?endpoint=${encodeURIComponent(s.endpoint)}`;
    expect((await call('DELETE', query(mine), anna)).statusCode).toBe(204);
    expect((await call('DELETE', query(theirs), anna)).statusCode).toBe(204);
    expect((await devicesOf(anna.userId)).map((d) => d.endpoint)).not.toContain(mine.endpoint);
    expect((await devicesOf(boris.userId)).map((d) => d.endpoint)).toContain(theirs.endpoint);
  });
});

describe('staff announcements', () => {
  const announcement = { title: 'Новогодний график', body: '31 декабря офисы работают до 15:00.', url: null };

  it('are refused to customers and partners', async () => {
    const partner = await signInAs(server.context, 'PARTNER');
    for (const who of [anna, partner]) {
      const response = await call('POST', '/api/notifications/send', who, {
        ...announcement,
        audience: 'ALL',
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it('reach every active user, each with a notification, and count their devices', async () => {
    const manager = await signInAs(server.context, 'MANAGER');
    const blocked = await createUser(server.context);
    await server.context.db.update(users).set({ isBlocked: true }).where(eq(users.id, blocked.id));
    const active = await server.context.db.$count(users, eq(users.isBlocked, false));
    const [{ devices } = { devices: 0 }] = await server.context.db
      .select({ devices: count() })
      .from(pushSubscriptions)
      .innerJoin(users, eq(users.id, pushSubscriptions.userId))
      .where(eq(users.isBlocked, false));
    expect(devices).toBeGreaterThan(0);
    const response = await call('POST', '/api/notifications/send', manager, {
      ...announcement,
      audience: 'ALL',
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ messageId: expect.any(Number), recipients: active, devices });
    const got = await server.context.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, announcement.title));
    expect(got).toHaveLength(active);
    expect(got.map((n) => n.userId)).not.toContain(blocked.id);
    expect(got[0]).toMatchObject({ type: 'BROADCAST', body: announcement.body, url: null, orderId: null });
  });

  it('reach one role or one user', async () => {
    const admin = await signInAs(server.context, 'ADMIN');
    const partner = await signInAs(server.context, 'PARTNER');
    const partners = await server.context.db.$count(users, eq(users.role, 'PARTNER'));
    const toRole = await call('POST', '/api/notifications/send', admin, {
      title: 'Партнёрам',
      body: 'Новые тарифы',
      audience: 'ROLE',
      role: 'PARTNER',
    });
    expect(toRole.json().recipients).toBe(partners);
    const toUser = await call('POST', '/api/notifications/send', admin, {
      title: 'Лично',
      body: 'Ваш заказ',
      url: '/cabinet/orders',
      audience: 'USER',
      userId: partner.userId,
    });
    expect(toUser.json().recipients).toBe(1);
    const [personal] = await server.context.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'Лично'));
    expect(personal).toMatchObject({ userId: partner.userId, url: '/cabinet/orders' });
  });

  it('name the missing role or user in Russian', async () => {
    const admin = await signInAs(server.context, 'ADMIN');
    const noRole = await call('POST', '/api/notifications/send', admin, {
      ...announcement,
      audience: 'ROLE',
    });
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Выберите роль получателей' });
    const nobody = await call('POST', '/api/notifications/send', admin, {
      ...announcement,
      audience: 'USER',
      userId: 999_999,
    });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toEqual({ code: 'NOT_FOUND', message: 'Пользователь не найден' });
  });
});
