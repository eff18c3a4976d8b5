/**
 * The bureau's Telegram bot against a local Bot API stub (test-support/telegram-stub.ts): linking
 * a chat by its one-time start token, one message per status change through the queue, 429's
 * retry_after waited out, a blocked bot (403) unlinking the chat, the webhook's secret, /status
 * and /stop, the cabinet's account link, and long polling when the site is not on https.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../src/domain/order-status';
import { rowsOf } from '../../db/rows';
import { orderEvents, orders, telegramStartTokens, telegramSubscriptions, users } from '../../db/schema';
import { eventually } from '../../test-support/eventually';
import { pickupOrderBody } from '../../test-support/order-bodies';
import { type SignedInTestUser, signInAs, signInUser } from '../../test-support/sign-in';
import { startTelegramStub, type TelegramStub, telegramEnv } from '../../test-support/telegram-stub';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { START_LINK_INVALID, STOPPED } from './commands';

const SITE = 'https://perevod.example.ru';
let stub: TelegramStub;
let server: TestServer;
let manager: SignedInTestUser;

beforeAll(async () => {
  stub = await startTelegramStub();
  server = await startTestServer({
    jobs: true,
    env: telegramEnv(stub, { PUBLIC_URL: SITE, PAYMENTS_DEMO: 'true' }),
  });
  manager = await signInAs(server.context, 'MANAGER');
}, 120_000);
afterAll(async () => {
  await server?.close();
  await stub?.close();
});

/** Waits until the assertion holds (a message arrives through the queue, at Telegram's pace). */
const until = (assertion: () => unknown, options?: { timeoutMs?: number }) =>
  eventually(async () => {
    await assertion();
    return true;
  }, options);

let placed = 0;
async function placeOrder() {
  const answer = await server.app.inject({
    method: 'POST',
    url: '/api/order',
    payload: pickupOrderBody(`telegram-${++placed}-${Date.now()}@example.ru`),
  });
  expect(answer.statusCode).toBe(201);
  return answer.json().order as { id: number; number: string; email: string; trackingUrl: string };
}

/** «Получать статусы в Telegram» on the order's page: the bot's link and its start token. */
async function botLink(trackingUrl: string) {
  const answer = await server.app.inject({ method: 'POST', url: `/api${trackingUrl}/telegram` });
  expect(answer.statusCode).toBe(200);
  const { url, expiresAt } = answer.json() as { url: string; expiresAt: string };
  return { url, expiresAt, token: new URL(url).searchParams.get('start') as string };
}

/** What Telegram posts to the webhook when someone writes to the bot. */
const webhook = (update: object, secret: string | null = server.context.telegram?.webhookSecret ?? null) =>
  server.app.inject({
    method: 'POST',
    url: '/api/telegram/webhook',
    headers: secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret },
    payload: update,
  });

const say = (chatId: number, text: string) => webhook(stub.textUpdate(chatId, text));

const messagesTo = (chatId: number) => stub.messages.filter((message) => message.chatId === String(chatId));

async function linkedChat(chatId: number) {
  const order = await placeOrder();
  const { token } = await botLink(order.trackingUrl);
  await say(chatId, `/start ${token}`);
  await until(() => expect(messagesTo(chatId)).toHaveLength(1));
  return order;
}

const move = (orderId: number, status: OrderStatus) =>
  server.app.inject({
    method: 'PATCH',
    url: '/api/order/status',
    headers: manager.headers,
    payload: { id: orderId, status },
  });

const telegramEvents = (orderId: number) =>
  server.context.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.eventType, 'send-telegram')));

describe('the bot on its webhook', () => {
  it('was given the webhook address and its secret at start', async () => {
    await until(() =>
      expect(stub.calls.find((call) => call.method === 'setWebhook')?.body).toMatchObject({
        url: `${SITE}/api/telegram/webhook`,
        secret_token: server.context.telegram?.webhookSecret,
        allowed_updates: ['message'],
      }),
    );
  });

  it('refuses an update without the secret or with another one, and reads none of it', async () => {
    const before = stub.calls.length;
    for (const secret of [null, 'not-the-secret']) {
      const answer = await webhook(stub.textUpdate(900_001, '/status'), secret);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ code: 'FORBIDDEN', message: 'Неверный секрет вебхука Telegram' });
    }
    expect(stub.calls.length).toBe(before);
    const right = await say(900_001, '/status');
    expect(right.statusCode).toBe(200);
    await until(() => expect(messagesTo(900_001)).toHaveLength(1));
  });
});

describe('linking a chat', () => {
  it('links the chat that presses Start with the one-time token, once, for 24 hours', async () => {
    const order = await placeOrder();
    const link = await botLink(order.trackingUrl);
    expect(link.url).toMatch(/^https:\/\/t\.me\/perevod_test_bot\?start=[A-Za-z0-9_-]{43}$/);
    const hours = (new Date(link.expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    await say(100_001, `/start ${link.token}`);
    await until(() => expect(messagesTo(100_001)).toHaveLength(1));
    expect(messagesTo(100_001)[0]?.text).toContain(
      `Готово: статусы заказа № ${order.number} будут приходить сюда.`,
    );
    expect(messagesTo(100_001)[0]?.text).toContain(`Статус заказа: ${SITE}${order.trackingUrl}`);

    // The same token again, from another chat: spent.
    await say(100_002, `/start ${link.token}`);
    await until(() => expect(messagesTo(100_002)).toHaveLength(1));
    expect(messagesTo(100_002)[0]?.text).toBe(START_LINK_INVALID);

    // A token past its 24 hours links nobody.
    const late = await botLink(order.trackingUrl);
    await server.context.db
      .update(telegramStartTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${telegramStartTokens.usedAt} is null and ${telegramStartTokens.orderId} = ${order.id}`);
    await say(100_003, `/start ${late.token}`);
    await until(() => expect(messagesTo(100_003)).toHaveLength(1));
    expect(messagesTo(100_003)[0]?.text).toBe(START_LINK_INVALID);

    const chats = await server.context.db
      .select({ chatId: telegramSubscriptions.chatId })
      .from(telegramSubscriptions)
      .where(eq(telegramSubscriptions.orderId, order.id));
    expect(chats).toEqual([{ chatId: '100001' }]);
    const staffLine = await server.app.inject({
      method: 'GET',
      url: `/api/order/${order.id}/tracking`,
      headers: manager.headers,
    });
    expect(staffLine.json()).toMatchObject({ telegramChats: 1, telegramSince: expect.any(String) });
  });

  it('links the whole account from the cabinet: its orders reach the chat', async () => {
    const order = await placeOrder();
    // The order made its email's account; the customer signs in to it.
    const [account] = await server.context.db
      .select({ id: orders.userId })
      .from(orders)
      .where(eq(orders.id, order.id));
    await server.context.db
      .update(users)
      .set({ lastLoginAt: new Date() })
      .where(eq(users.id, account?.id as number));
    const customer = await signInUser(server.context, { id: account?.id as number, role: 'USER' });
    const link = await server.app.inject({
      method: 'POST',
      url: '/api/user/telegram',
      headers: customer.headers,
    });
    const token = new URL(link.json().url).searchParams.get('start') as string;
    await say(200_001, `/start ${token}`);
    await until(() => expect(messagesTo(200_001)).toHaveLength(1));
    expect(messagesTo(200_001)[0]?.text).toContain(
      'Готово: статусы заказов вашего личного кабинета будут приходить сюда.',
    );
    expect(messagesTo(200_001)[0]?.text).toContain(`№ ${order.number} — Новый`);
    const mine = await server.app.inject({
      method: 'GET',
      url: '/api/user/telegram',
      headers: customer.headers,
    });
    expect(mine.json()).toEqual({ available: true, linked: true, chats: 1 });

    await move(order.id, 'AWAITING_PAYMENT');
    await until(() => expect(messagesTo(200_001)).toHaveLength(2), { timeoutMs: 15_000 });

    const off = await server.app.inject({
      method: 'DELETE',
      url: '/api/user/telegram',
      headers: customer.headers,
    });
    expect(off.json()).toEqual({ available: true, linked: false, chats: 0 });
  });
});

describe('status updates', () => {
  it("sends exactly one message per status change, in the customer's words, with the tracking link", async () => {
    const order = await linkedChat(300_001);
    expect((await move(order.id, 'AWAITING_PAYMENT')).statusCode).toBe(200);
    await until(() => expect(messagesTo(300_001)).toHaveLength(2), { timeoutMs: 15_000 });
    // Given time, no second copy arrives.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(messagesTo(300_001)).toHaveLength(2);
    expect(messagesTo(300_001)[1]?.text).toBe(
      [
        `Заказ № ${order.number}`,
        'Стоимость подтверждена — заказ ждёт оплаты. Переводчик приступит к работе сразу после неё.',
        '',
        `К оплате: ${messagesTo(300_001)[1]?.text.match(/К оплате: (.+?)\. Оплатить/)?.[1]}. Оплатить картой — в личном кабинете (вход по коду на почту заказа):`,
        `${SITE}/cabinet/orders/${order.id}`,
        '',
        `Статус заказа: ${SITE}${order.trackingUrl}`,
      ].join('\n'),
    );
    const events = await telegramEvents(order.id);
    expect(events).toEqual([
      expect.objectContaining({
        success: true,
        payload: expect.objectContaining({ queue: 'telegram', status: 'AWAITING_PAYMENT' }),
      }),
    ]);
  });

  it("says the bureau wrote in the order's conversation, without the message's text, once", async () => {
    const order = await linkedChat(300_002);
    const boundary = '----perevod-telegram-test';
    const written = await server.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/messages`,
      headers: { ...manager.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\n` +
          `Уточните, пожалуйста, написание фамилии латиницей: Smirnova или Smirnowa?\r\n--${boundary}--\r\n`,
      ),
    });
    expect(written.statusCode, written.body).toBe(201);
    await until(() => expect(messagesTo(300_002)).toHaveLength(2), { timeoutMs: 15_000 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(messagesTo(300_002)).toHaveLength(2);
    const told = messagesTo(300_002)[1]?.text ?? '';
    expect(told).toBe(
      [
        `Заказ № ${order.number}: новое сообщение от бюро`,
        '',
        `Прочитать и ответить — в личном кабинете, в разделе «Переписка» заказа: ${SITE}/cabinet/orders/${order.id}#order-messages`,
        '',
        `Статус заказа: ${SITE}${order.trackingUrl}`,
      ].join('\n'),
    );
    expect(told).not.toContain('Smirnova');
  });

  it('waits out a 429 for its retry_after, then sends once', async () => {
    const order = await linkedChat(400_001);
    stub.failNextSends([{ status: 429, retryAfter: 2 }], '400001');
    await move(order.id, 'AWAITING_PAYMENT');
    await until(() => expect(messagesTo(400_001)).toHaveLength(2), { timeoutMs: 20_000 });
    const sends = stub.calls.filter(
      (call) => call.method === 'sendMessage' && call.body.chat_id === '400001',
    );
    const refusedAt = sends.at(-2)?.at as number;
    const sentAt = sends.at(-1)?.at as number;
    expect(sentAt - refusedAt).toBeGreaterThanOrEqual(2000);
    await until(async () =>
      expect(await telegramEvents(order.id)).toEqual([
        expect.objectContaining({ success: true, payload: expect.objectContaining({ waitedSeconds: 2 }) }),
      ]),
    );
  });

  it('unlinks a chat whose user blocked the bot (403)', async () => {
    const order = await linkedChat(500_001);
    stub.failNextSends([{ status: 403 }], '500001');
    await move(order.id, 'AWAITING_PAYMENT');
    await until(
      async () =>
        expect(
          await server.context.db
            .select()
            .from(telegramSubscriptions)
            .where(eq(telegramSubscriptions.chatId, '500001')),
        ).toEqual([]),
      { timeoutMs: 15_000 },
    );
    await until(async () =>
      expect(await telegramEvents(order.id)).toEqual([
        expect.objectContaining({
          success: false,
          error: expect.stringContaining('клиент заблокировал бота, чат отключён от уведомлений'),
        }),
      ]),
    );
    // Later moves write to nobody.
    await move(order.id, 'PAID');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(messagesTo(500_001)).toHaveLength(1);
  });

  it('tells a customer the whole life of an order', async () => {
    const order = await linkedChat(600_001);
    const life: OrderStatus[] = [
      'AWAITING_PAYMENT',
      'PAID',
      'IN_TRANSLATION',
      'NOTARIZATION',
      'READY',
      'IN_DELIVERY',
      'AT_PICKUP_POINT',
      'COMPLETED',
    ];
    for (const status of life) {
      expect((await move(order.id, status)).statusCode, status).toBe(200);
      await until(() => expect(messagesTo(600_001)).toHaveLength(2 + life.indexOf(status)), {
        timeoutMs: 15_000,
      });
    }
    const transcript = messagesTo(600_001).map((message) => message.text);
    console.log(
      `Telegram messages of order ${order.number}, as the stub received them:\n\n${transcript.join('\n\n———\n\n')}`,
    );
    expect(transcript[5]).toContain('Перевод готов и отправляется в пункт выдачи');
    expect(transcript[7]).toMatch(/Заказ ждёт вас в пункте выдачи «.+»\.\n\n.+\nАдрес: .+\nЧасы работы: .+/);
    expect(transcript[7]).toContain('Что взять с собой: паспорт или другой документ');
    expect(transcript[8]).toContain('Заказ выполнен. Спасибо, что выбрали нас!');
  });
});

describe('commands', () => {
  it("/status lists the chat's orders with their links; /stop unlinks the chat", async () => {
    const order = await linkedChat(700_001);
    await say(700_001, '/status');
    await until(() => expect(messagesTo(700_001)).toHaveLength(2));
    expect(messagesTo(700_001)[1]?.text).toBe(
      `Ваши заказы:\n\n№ ${order.number} — Новый\n${SITE}${order.trackingUrl}`,
    );
    await say(700_001, '/stop');
    await until(() => expect(messagesTo(700_001)).toHaveLength(3));
    expect(messagesTo(700_001)[2]?.text).toBe(STOPPED);
    const [left] = await rowsOf<{ n: number }>(
      server.context.db,
      sql`select count(*)::int as n from telegram_subscriptions where chat_id = '700001'`,
    );
    expect(left?.n).toBe(0);
  });
});

describe('long polling', () => {
  it("reads the bot's updates by polling when the site is not on https", async () => {
    const pollingStub = await startTelegramStub('perevod_polling_bot');
    const polling = await startTestServer({ jobs: true, env: telegramEnv(pollingStub) });
    try {
      expect(polling.context.telegram?.mode).toBe('polling');
      pollingStub.pushUpdate(pollingStub.textUpdate(800_001, '/status'));
      await until(() => expect(pollingStub.messages.map((message) => message.chatId)).toEqual(['800001']), {
        timeoutMs: 20_000,
      });
      const webhookAnswer = await polling.app.inject({
        method: 'POST',
        url: '/api/telegram/webhook',
        payload: pollingStub.textUpdate(800_001, '/status'),
      });
      expect(webhookAnswer.statusCode).toBe(404);
    } finally {
      await polling.close();
      await pollingStub.close();
    }
  }, 120_000);
});
