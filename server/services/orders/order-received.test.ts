/**
 * The order-received task travels with the order's transaction, and its one job pushes the
 * order's notice and emails the customer; a retry of it sends only the mail again.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { pushSubscriptions } from '../../db/schema';
import { listOutbox, waitForEmail } from '../../test-support/outbox';
import { startTestPushService, type TestPushService } from '../../test-support/push-service';
import { signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { sendOrderReceived } from './order-received';

let server: TestServer;
let pushService: TestPushService;
beforeAll(async () => {
  [server, pushService] = await Promise.all([
    // One mail an hour to an address that never signed in: a retry must not spend another.
    startTestServer({ jobs: true, env: { MAILS_PER_HOUR_TO_UNVERIFIED: '1' } }),
    startTestPushService(),
  ]);
});
afterAll(async () => {
  await server?.close();
  await pushService?.close();
});

const payload = (email: string, targetLanguage = 'en') => ({
  name: 'Пётр',
  phoneNumber: '+7 903 000-00-00',
  email,
  originalLanguage: 'ru',
  targetLanguage,
  documentIds: [2],
  deliveryType: 'OFFICE',
  personalDataConsent: true,
});

/** A signed-in customer with one device subscribed to push. */
async function customerWithDevice(email: string) {
  const customer = await signInAs(server.context, 'USER', { email });
  const device = await pushService.subscribe(server.context.push.publicKey);
  await server.context.db
    .insert(pushSubscriptions)
    .values({ userId: customer.userId, endpoint: device.endpoint, ...device.keys });
  return { customer, device };
}

/** The jobs an order made: its own tasks, and the pushes of its notifications. */
const jobsOf = (orderId: number) =>
  rowsOf<{ queue: string; task: string }>(
    server.context.db,
    sql`select j.name as queue, j.data->>'name' as task from pgboss.job j
        where (j.data->>'orderId')::int = ${orderId}
           or (j.data->>'name' = 'send-push' and (j.data->>'notificationId')::int in
               (select id from notifications where order_id = ${orderId}))`,
  );

/** An order placed by a signed-in customer for `email`; its id. */
async function placedBy(headers: Record<string, string>, email: string): Promise<number> {
  const answer = await server.app.inject({
    method: 'POST',
    url: '/api/order',
    headers,
    payload: payload(email),
  });
  expect(answer.statusCode).toBe(201);
  return answer.json().order.id;
}

const mailsTo = (email: string) =>
  listOutbox(server.context.config.dataDir).filter((file) => file.includes(`-${email}-order-received`));

describe('order-received', () => {
  it("is queued in the order's transaction and its worker emails the customer", async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: payload('petr.jobs@example.ru'),
    });
    expect(answer.statusCode).toBe(201);
    const email = await waitForEmail(
      server.context.config.dataDir,
      { to: 'petr.jobs@example.ru', template: 'order-received' },
      15_000,
    );
    expect(email.text).toContain(answer.json().order.number);
  });

  it('lists what is translated: each document with its copies, its languages and its assurances', async () => {
    const to = 'lines.listed@example.ru';
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        ...payload(to),
        documentIds: undefined,
        orderDocuments: [
          { documentId: 1, quantity: 2, assuranceIds: [1], targetLanguages: ['en', 'de'] },
          { documentId: 2, quantity: 1, assuranceIds: [] },
        ],
      },
    });
    expect(answer.statusCode).toBe(201);
    const email = await waitForEmail(
      server.context.config.dataDir,
      { to, template: 'order-received' },
      15_000,
    );
    expect(email.text).toContain(
      [
        'Что переводим (язык оригинала — русский):',
        '— Паспорт, 2 экземпляра: английский, немецкий; нотариальное заверение перевода',
        '— Диплом, 1 экземпляр: английский',
      ].join('\n'),
    );
    expect(email.html).toContain(
      '— Паспорт, 2 экземпляра: английский, немецкий; нотариальное заверение перевода<br>',
    );
  });

  it("is one job that pushes the order's notice to the customer's device and sends the mail", async () => {
    const { customer, device } = await customerWithDevice('one.job@example.ru');
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: customer.headers,
      payload: payload('one.job@example.ru'),
    });
    expect(answer.statusCode).toBe(201);
    const { id, number } = answer.json().order;
    await expect.poll(() => pushService.messages(device.clientHash), { timeout: 15_000 }).toHaveLength(1);
    const [pushed] = await pushService.messages(device.clientHash);
    expect(JSON.parse(pushed as string)).toMatchObject({ orderId: id, tag: `order-${id}` });
    const email = await waitForEmail(
      server.context.config.dataDir,
      { to: 'one.job@example.ru', template: 'order-received' },
      15_000,
    );
    expect(email.text).toContain(number);
    // No send-email and no send-push of their own: one fetch, one event, one completion.
    expect(await jobsOf(id)).toEqual([{ queue: 'order-processing', task: 'order-received' }]);
  });

  it('sends only the mail again on a retry: no second push, and the cap not spent twice', async () => {
    const { customer, device } = await customerWithDevice('retried@example.ru');
    // Mail to an address nobody signed in with is capped at one an hour here.
    const to = 'retried.guest@example.ru';
    const id = await placedBy(customer.headers, to);
    await expect.poll(() => pushService.messages(device.clientHash), { timeout: 15_000 }).toHaveLength(1);
    await expect.poll(() => mailsTo(to), { timeout: 15_000 }).toHaveLength(1);
    const [notice] = await rowsOf<{ id: number }>(
      server.context.db,
      sql`select id from notifications where order_id = ${id}`,
    );

    // As the worker runs an attempt after one whose mail failed.
    const task = { orderId: id, notificationId: notice?.id };
    expect(await sendOrderReceived(server.context, task, { retry: true })).toBeUndefined();
    expect(mailsTo(to)).toHaveLength(2);
    expect(await pushService.messages(device.clientHash)).toHaveLength(1);
    // A first attempt counts against the cap, which this address has used up.
    expect(await sendOrderReceived(server.context, task)).toEqual({
      refused: expect.stringMatching(/^Письмо не отправлено/),
    });
    expect(mailsTo(to)).toHaveLength(2);
  });

  it('spares an address that has signed in the cap, read with the order in one statement', async () => {
    const to = 'signed.in@example.ru';
    const { customer } = await customerWithDevice(to);
    await server.context.db.execute(
      sql`update users set last_login_at = now() where id = ${customer.userId}`,
    );
    const id = await placedBy(customer.headers, to);
    await expect.poll(() => mailsTo(to), { timeout: 15_000 }).toHaveLength(1);
    // Over the cap of one an hour, were the address not spared: first attempts, each counted.
    expect(
      await sendOrderReceived(server.context, { orderId: id, notificationId: undefined }),
    ).toBeUndefined();
    expect(
      await sendOrderReceived(server.context, { orderId: id, notificationId: undefined }),
    ).toBeUndefined();
    expect(mailsTo(to)).toHaveLength(3);
  });
});
