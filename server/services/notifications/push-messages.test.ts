/**
 * A staff message goes out through the notification-tasks queue, one delivery per device, and
 * keeps its counts: reached, failed, and removed because the push service said the device is
 * gone (410). Staff find the one user to write to by email, with how many devices they have.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema';
import { createUser } from '../../test-support/fixtures';
import { startTestPushService, type TestPushService } from '../../test-support/push-service';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let pushService: TestPushService;
let manager: SignedInTestUser;
beforeAll(async () => {
  [server, pushService] = await Promise.all([startTestServer({ jobs: true }), startTestPushService()]);
  manager = await signInAs(server.context, 'MANAGER', { email: 'push.manager@example.ru' });
});
afterAll(async () => {
  await server?.close();
  await pushService?.close();
});

async function device(userId: number, endpoint?: string) {
  const subscription = await pushService.subscribe(server.context.push.publicKey);
  await server.context.db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: endpoint ?? subscription.endpoint, ...subscription.keys });
  return subscription;
}

const get = (url: string) => server.app.inject({ url, headers: manager.headers }).then((r) => r.json());

describe('a staff message', () => {
  it('counts the devices it reached, failed and removed as expired', async () => {
    const customer = await createUser(server.context, { email: 'push.customer@example.ru' });
    const live = await device(customer.id);
    const expired = await device(customer.id);
    await pushService.expire(expired.clientHash);
    // A device the push service does not know answers 400: a failure, not a removal.
    await device(customer.id, `${live.endpoint.replace(/[0-9a-f]+$/, '')}${'f'.repeat(32)}`);

    const found = await get('/api/notifications/recipients?email=push.customer');
    expect(found).toEqual([
      { id: customer.id, email: 'push.customer@example.ru', name: null, role: 'USER', devices: 3 },
    ]);

    const sent = await server.app.inject({
      method: 'POST',
      url: '/api/notifications/send',
      headers: manager.headers,
      payload: {
        title: 'Офис закрыт 1 мая',
        body: 'Заказы выдаём со 2 мая',
        url: '/cabinet/orders',
        audience: 'USER',
        userId: customer.id,
      },
    });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toMatchObject({ recipients: 1, devices: 3 });
    const { messageId } = sent.json();

    await expect.poll(() => pushService.messages(live.clientHash), { timeout: 15_000 }).toHaveLength(1);
    await expect
      .poll(
        async () =>
          (await get('/api/notifications/sent')).items.find((m: { id: number }) => m.id === messageId),
        {
          timeout: 15_000,
        },
      )
      .toMatchObject({ delivered: 1, failed: 1, removed: 1 });
    const [message] = (await get('/api/notifications/sent?limit=1')).items;
    expect(message).toMatchObject({
      id: messageId,
      title: 'Офис закрыт 1 мая',
      audience: 'USER',
      recipientEmail: 'push.customer@example.ru',
      sentByEmail: 'push.manager@example.ru',
      recipients: 1,
      devices: 3,
    });
    // The expired device is forgotten; the failing one is kept for the next message.
    const left = await server.context.db.$count(pushSubscriptions);
    expect(left).toBeGreaterThanOrEqual(2);
    expect(JSON.parse((await pushService.messages(live.clientHash))[0] as string)).toMatchObject({
      title: 'Офис закрыт 1 мая',
      url: '/cabinet/orders',
    });
  });

  it.each(['//evil.example/x', '/\\evil.example', '/\t/evil.example'])(
    'refuses a link to another site (%j) with 400 and says why in Russian',
    async (url) => {
      const sent = await server.app.inject({
        method: 'POST',
        url: '/api/notifications/send',
        headers: manager.headers,
        payload: { title: 'Акция', body: 'Скидка', url, audience: 'ALL' },
      });
      expect(sent.statusCode).toBe(400);
      expect(sent.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'Ссылка — адрес внутри приложения, начинается с «/», например /cabinet/orders',
      });
    },
  );

  it('finds nobody for an email nobody has, and is not for partners', async () => {
    expect(await get('/api/notifications/recipients?email=nobody-at-all')).toEqual([]);
    const partner = await signInAs(server.context, 'PARTNER');
    const answer = await server.app.inject({ url: '/api/notifications/sent', headers: partner.headers });
    expect(answer.statusCode).toBe(403);
  });
});
