/**
 * The public form's limits, with small numbers so the test stays short: orders placed without
 * signing in per address and per email (429 in the error schema with Retry-After and a Russian
 * message), more room once signed in, replays and refusals never counted, and the cap of mail
 * to an address that has never signed in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { listOutbox } from '../../test-support/outbox';
import { signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { sendOrderReceived } from './order-received';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: {
      ORDERS_PER_HOUR_PER_ADDRESS: '3',
      ORDERS_PER_DAY_PER_EMAIL: '2',
      ORDERS_PER_HOUR_PER_CUSTOMER: '5',
      MAILS_PER_HOUR_TO_UNVERIFIED: '2',
    },
  });
});
afterAll(() => server?.close());

let serial = 0;
const order = (email = `limits.${++serial}@example.ru`) => ({
  name: 'Анна',
  phoneNumber: '+7 916 123-45-67',
  email,
  originalLanguage: 'ru',
  targetLanguage: 'en',
  documentIds: [1],
  deliveryType: 'OFFICE',
  personalDataConsent: true,
});
const post = (payload: object, remoteAddress: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url: '/api/order', payload, remoteAddress, headers });

describe('orders placed without signing in', () => {
  it('are limited per address: the fourth in an hour answers 429 with when to try again', async () => {
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await post(order(), '203.0.113.1'));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 429, 429]);
    const refused = answers[3];
    const retryAfter = Number(refused?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused?.json()).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(
        /^Слишком много заказов без входа в личный кабинет с этого адреса\. Повторите через \d+ (мин|ч)\. или войдите в кабинет/,
      ),
      details: { retryAfter },
    });
    // Another address is not touched.
    expect((await post(order(), '203.0.113.2')).statusCode).toBe(201);
  });

  it('are limited per email from any address, and its owner signed in is not', async () => {
    const email = 'inbox.owner@example.ru';
    const answers = [];
    for (const address of ['203.0.113.11', '203.0.113.12', '203.0.113.13'])
      answers.push(await post(order(email), address));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 429]);
    expect(answers[2]?.json().message).toMatch(/^На эту почту уже оформлено много заказов без входа/);
    const owner = await signInAs(server.context, 'USER', { email: 'someone.else@example.ru' });
    expect((await post(order(email), '203.0.113.14', owner.headers)).statusCode).toBe(201);
  });

  it('count an order once: a replay of its key or a refused one uses up nothing', async () => {
    const address = '203.0.113.21';
    const key = { 'idempotency-key': 'limits-replayed-key-1' };
    const payload = order();
    const replays = [];
    for (let i = 0; i < 4; i++) replays.push((await post(payload, address, key)).statusCode);
    expect(replays).toEqual([201, 200, 200, 200]);
    const refused = await post({ ...order(), targetLanguage: 'ru' }, address);
    expect(refused.statusCode).toBe(400);
    expect((await post(order(), address)).statusCode).toBe(201);
    expect((await post(order(), address)).statusCode).toBe(201);
    expect((await post(order(), address)).statusCode).toBe(429);
  });
});

describe('a signed-in customer', () => {
  it('has more room, counted per account', async () => {
    const anna = await signInAs(server.context, 'USER');
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await post(order(), '203.0.113.31', anna.headers)).statusCode);
    expect(answers).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('mail to an address that has never signed in', () => {
  const mailsTo = (email: string) =>
    listOutbox(server.context.config.dataDir).filter((file) => file.includes(`-${email}-order-received`));

  it('is capped per hour and flows again once the owner signs in', async () => {
    const email = 'never.signed.in@example.ru';
    const owner = await signInAs(server.context, 'USER', { email: 'mail.sender@example.ru' });
    // Signed-in senders, so only the mail cap is in the way.
    const placed = [];
    for (let i = 0; i < 4; i++) placed.push((await post(order(email), '203.0.113.41', owner.headers)).json());
    expect(mailsTo(email)).toHaveLength(2);
    // The order-received task reports the skipped mail, so the order's log says why.
    expect(await sendOrderReceived(server.context, { orderId: placed[3].order.id })).toEqual({
      refused: expect.stringMatching(/^Письмо не отправлено: с этой почтой ещё ни разу не входили/),
    });

    // The address's owner signs in once: mail to it flows again.
    await server.context.db.insert(users).values({ email, lastLoginAt: new Date() });
    await post(order(email), '203.0.113.41', owner.headers);
    expect(mailsTo(email)).toHaveLength(3);
  });
});
