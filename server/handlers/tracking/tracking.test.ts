/**
 * «Где мой заказ?» without signing in: GET /api/track by number and contact, the signed link
 * GET /api/track/{token} from every message, its expiry and revocation, the limits on failed
 * tries, and what the answer never shows.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusHistory, orders, telegramSubscriptions, trackingLinks } from '../../db/schema';
import { pickupOrderBody } from '../../test-support/order-bodies';
import { waitForEmail } from '../../test-support/outbox';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let manager: SignedInTestUser;
const MANAGER_EMAIL = 'manager.tracking@perevod.example.ru';

beforeAll(async () => {
  server = await startTestServer({
    env: { PUBLIC_URL: 'https://perevod.example.ru', PAYMENTS_DEMO: 'true' },
  });
  manager = await signInAs(server.context, 'MANAGER', { email: MANAGER_EMAIL });
});
afterAll(() => server?.close());

let emails = 0;
/** An order placed through the public form, as a customer places it: its receipt. */
async function placeOrder(changes: Record<string, unknown> = {}) {
  const email = `tracked-${++emails}-${Date.now()}@example.ru`;
  const answer = await server.app.inject({
    method: 'POST',
    url: '/api/order',
    payload: pickupOrderBody(email, { phoneNumber: '+7 916 555-12-34', ...changes }),
  });
  expect(answer.statusCode).toBe(201);
  return answer.json().order as { id: number; number: string; email: string; trackingUrl: string };
}

const track = (number: string, contact: string, ip = '203.0.113.7') =>
  server.app.inject({
    method: 'GET',
    url: `/api/track?${new URLSearchParams({ number, contact })}`,
    remoteAddress: ip,
  });

const byLink = (trackingUrl: string) => server.app.inject({ method: 'GET', url: `/api${trackingUrl}` });

async function closeOrder(orderId: number, status: 'COMPLETED' | 'CANCELLED', daysAgo: number) {
  const at = new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000);
  await server.context.db.update(orders).set({ status, updatedAt: at }).where(eq(orders.id, orderId));
  await server.context.db
    .insert(orderStatusHistory)
    .values({ orderId, fromStatus: 'READY', status, createdAt: at, comment: 'Закрыт' });
}

describe('tracking an order by its number and contact', () => {
  it('finds the order by the phone in any form the order form accepts, and by the email in any case', async () => {
    const order = await placeOrder();
    const digits = order.number.replace('-', '');
    for (const [number, contact] of [
      [order.number, '+7 916 555-12-34'],
      [`№ ${digits}`, '8 (916) 555-12-34'],
      [order.number.replace('-', ' '), '9165551234'],
      [order.number, order.email.toUpperCase()],
    ] as const) {
      const answer = await track(number, contact);
      expect(answer.statusCode, `${number} / ${contact}`).toBe(200);
      expect(answer.json()).toMatchObject({
        number: order.number,
        status: 'NEW',
        statusLabel: 'Новый',
        summary: 'Заказ принят: менеджер проверяет документы и подтвердит стоимость.',
        trackingUrl: order.trackingUrl,
        phoneMasked: '+7 916 ***-**-34',
        deliveryType: 'PICKUP_POINT',
        payment: { due: false, paid: false, payUrl: null },
      });
    }
  });

  it('answers a wrong number, a wrong contact and an unknown order with the same bytes', async () => {
    const order = await placeOrder();
    const otherOrder = await placeOrder({ phoneNumber: '+7 903 000-00-00' });
    const answers = [
      await track(order.number, '+7 999 111-22-33'), // the right order, a wrong phone
      await track(order.number, 'someone.else@example.ru'), // the right order, a wrong email
      await track(order.number, '+7 903 000-00-00'), // another order's phone
      await track(otherOrder.number, '+7 916 555-12-34'), // another order's number
      await track('2001-99999', '+7 916 555-12-34'), // no such order
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.headers['content-type']).toBe(answers[0]?.headers['content-type']);
      expect(answer.rawPayload.equals(answers[0]?.rawPayload as Buffer)).toBe(true);
    }
    expect(answers[0]?.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Заказ не найден. Проверьте номер заказа и телефон или email, указанные при оформлении.',
    });
  });

  it('says in Russian what is wrong with a number or contact that cannot be one, without counting a try', async () => {
    const answer = await track('заказ', '+7 916 555-12-34');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      message: 'Введите номер заказа из письма, например 2611-00042',
      details: [{ path: '/query/number', message: 'Введите номер заказа из письма, например 2611-00042' }],
    });
    const contact = await track('2611-00042', 'позвоните');
    expect(contact.json().details).toEqual([
      {
        path: '/query/contact',
        message: 'Введите телефон или email, указанные в заказе, например +7 916 123-45-67',
      },
    ]);
  });
});

describe('the limits on failed tries', () => {
  it('answers 429 with Retry-After after 10 failed tries an hour from one address, even for the right contact', async () => {
    const limited = await startTestServer({ env: { TRACK_FAILURES_PER_HOUR: '10' } });
    try {
      const place = await limited.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: pickupOrderBody('limits@example.ru'),
      });
      const { number } = place.json().order as { number: string };
      const from = (ip: string, orderNumber: string, contact: string) =>
        limited.app.inject({
          method: 'GET',
          url: `/api/track?${new URLSearchParams({ number: orderNumber, contact })}`,
          remoteAddress: ip,
        });
      // Found orders never count: a customer may look as often as they like.
      for (let i = 0; i < 12; i++)
        expect((await from('198.51.100.1', number, 'limits@example.ru')).statusCode).toBe(200);
      // Ten wrong numbers from one address…
      for (let i = 0; i < 10; i++)
        expect((await from('198.51.100.2', `2001-${String(10000 + i)}`, 'x@example.ru')).statusCode).toBe(
          404,
        );
      const refused = await from('198.51.100.2', number, 'limits@example.ru');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({
        code: 'RATE_LIMITED',
        message: expect.stringMatching(
          /^Слишком много неудачных попыток найти заказ\. Повторите через \d+ (мин|ч)\. или войдите в личный кабинет\.$/,
        ),
      });
      // …and ten wrong contacts for one order, from ten addresses: the number itself is held.
      for (let i = 0; i < 10; i++)
        expect((await from(`192.0.2.${i + 1}`, number, `guess-${i}@example.ru`)).statusCode).toBe(404);
      expect((await from('192.0.2.200', number, 'limits@example.ru')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

/** Every key of the answer, by path: arrays as [] (their items share one shape). */
function pathsOf(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => pathsOf(item, `${at}[]`));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => [
      `${at}${at ? '.' : ''}${key}`,
      ...pathsOf(inner, `${at}${at ? '.' : ''}${key}`),
    ]);
  return [];
}

function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [value === null || value === undefined ? '' : String(value)];
}

describe('what the tracking page is told', () => {
  it('holds only what the holder knows or needs: walking every field finds no email, name, full phone, staff, comment, price line or file', async () => {
    const order = await placeOrder({
      name: 'Зинаида Тайная-Фамилия',
      comment: 'Секретный комментарий клиента',
      organizationName: undefined,
    });
    await server.app.inject({
      method: 'PATCH',
      url: '/api/order/status',
      headers: manager.headers,
      payload: { id: order.id, status: 'AWAITING_PAYMENT', comment: 'Внутренняя заметка менеджера' },
    });
    const answer = (await byLink(order.trackingUrl)).json();
    expect([...new Set(pathsOf(answer))].sort()).toEqual(
      [
        'number',
        'status',
        'statusLabel',
        'summary',
        'createdAt',
        'timeline',
        'timeline[].status',
        'timeline[].statusLabel',
        'timeline[].at',
        'documents',
        'documents[].type',
        'documents[].quantity',
        'phoneMasked',
        'dueDate',
        'deliveryType',
        'place',
        'place.kind',
        'place.id',
        'place.name',
        'place.address',
        'place.schedule',
        'place.metro',
        'place.metroColor',
        'place.phone',
        'place.howToFind',
        'place.lat',
        'place.lon',
        'mapUrl',
        'parcel',
        'waitingForYou',
        'whatToBring',
        'payment',
        'payment.due',
        'payment.paid',
        'payment.amount',
        'payment.payerType',
        'payment.payUrl',
        'resultsReady',
        'trackingUrl',
        'linkExpiresAt',
        'telegram',
        'telegram.available',
      ].sort(),
    );
    const text = stringsOf(answer).join('\n');
    for (const secret of [
      order.email,
      'Зинаида',
      'Тайная-Фамилия',
      '555-12',
      '79165551234',
      'Секретный комментарий',
      'Внутренняя заметка',
      MANAGER_EMAIL,
      'cost',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(answer).toMatchObject({
      status: 'AWAITING_PAYMENT',
      timeline: [
        { status: 'NEW', statusLabel: 'Новый' },
        { status: 'AWAITING_PAYMENT', statusLabel: 'Ожидает оплаты' },
      ],
      payment: { due: true, paid: false, payUrl: `/cabinet/orders/${order.id}` },
    });
  });

  it('gives the promised day while the order is in work, as the receipt said, and none once it is ready', async () => {
    const order = await placeOrder();
    const [stored] = await server.context.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored?.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await byLink(order.trackingUrl)).json().dueDate).toBe(stored?.dueDate);
    await server.context.db.update(orders).set({ status: 'READY' }).where(eq(orders.id, order.id));
    expect((await byLink(order.trackingUrl)).json().dueDate).toBeNull();
  });

  it('says where to come, when it is open, how to find it and what to bring once the order waits there', async () => {
    const order = await placeOrder();
    await server.context.db.update(orders).set({ status: 'AT_PICKUP_POINT' }).where(eq(orders.id, order.id));
    const answer = (await byLink(order.trackingUrl)).json();
    expect(answer).toMatchObject({
      waitingForYou: true,
      place: { kind: 'PICKUP_POINT', address: expect.any(String), schedule: expect.any(String) },
      mapUrl: expect.stringMatching(/^https:\/\/yandex\.ru\/maps\/\?pt=[\d.]+,[\d.]+&z=17&l=map$/),
      whatToBring: `Паспорт или другой документ, удостоверяющий личность и номер заказа ${order.number}. Забрать заказ за вас можно по нотариальной доверенности.`,
    });
    expect(answer.summary).toBe('Заказ ждёт вас в пункте выдачи «Тверская».');
  });
});

describe('the signed tracking link', () => {
  it('comes with the receipt, opens the order without typing anything, and says nothing by itself', async () => {
    const order = await placeOrder();
    expect(order.trackingUrl).toMatch(/^\/track\/[A-Za-z0-9_-]{43}$/);
    const token = order.trackingUrl.slice('/track/'.length);
    expect(token).not.toContain(order.number.replace('-', ''));
    expect(token).not.toContain(String(order.id).padStart(5, '0'));
    // Only its hash is stored.
    const [stored] = await server.context.db
      .select()
      .from(trackingLinks)
      .where(eq(trackingLinks.orderId, order.id));
    expect(JSON.stringify(stored)).not.toContain(token);
    const answer = await byLink(order.trackingUrl);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      number: order.number,
      trackingUrl: order.trackingUrl,
      linkExpiresAt: null,
    });
    expect((await byLink('/track/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
  });

  it('is the same link when the order is sent again with its Idempotency-Key', async () => {
    const body = pickupOrderBody(`replayed-${Date.now()}@example.ru`);
    const key = `tracking-replay-${Date.now()}`;
    const first = await server.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'idempotency-key': key },
      payload: body,
    });
    const again = await server.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'idempotency-key': key },
      payload: body,
    });
    expect(again.json().replayed).toBe(true);
    expect(again.json().order.trackingUrl).toBe(first.json().order.trackingUrl);
  });

  it('works until 30 days after the order is completed or cancelled, then answers 410 — and the number the same 404', async () => {
    const recent = await placeOrder();
    await closeOrder(recent.id, 'COMPLETED', 29);
    const open = await byLink(recent.trackingUrl);
    expect(open.statusCode).toBe(200);
    const expires = new Date(open.json().linkExpiresAt).getTime();
    expect(Math.round((expires - Date.now()) / (24 * 60 * 60 * 1000))).toBe(1);

    const old = await placeOrder();
    await closeOrder(old.id, 'CANCELLED', 31);
    const gone = await byLink(old.trackingUrl);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({
      code: 'LINK_EXPIRED',
      message: 'Ссылка больше не действует. Найдите заказ по номеру и телефону или войдите в личный кабинет.',
    });
    const byNumber = await track(old.number, '+7 916 555-12-34');
    expect(byNumber.statusCode).toBe(404);
    expect(byNumber.rawPayload.equals((await track('2001-99998', '+7 916 555-12-34')).rawPayload)).toBe(true);
  });

  it('revoked by staff answers 410; the new link opens the order, and chats linked through the old one stop', async () => {
    const order = await placeOrder();
    const [link] = await server.context.db
      .select()
      .from(trackingLinks)
      .where(eq(trackingLinks.orderId, order.id));
    await server.context.db
      .insert(telegramSubscriptions)
      .values({ chatId: '700001', orderId: order.id, trackingLinkId: link?.id });
    const before = await server.app.inject({
      method: 'GET',
      url: `/api/order/${order.id}/tracking`,
      headers: manager.headers,
    });
    expect(before.json()).toMatchObject({
      trackingUrl: `https://perevod.example.ru${order.trackingUrl}`,
      revokedLinks: 0,
      telegramChats: 1,
      linkExpiresAt: null,
    });
    const revoked = await server.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/tracking/revoke`,
      headers: manager.headers,
    });
    expect(revoked.statusCode).toBe(200);
    const after = revoked.json();
    expect(after).toMatchObject({ revokedLinks: 1, telegramChats: 0, telegramSince: null });
    expect(after.trackingUrl).not.toBe(before.json().trackingUrl);
    expect((await byLink(order.trackingUrl)).statusCode).toBe(410);
    const fresh = await byLink(new URL(after.trackingUrl).pathname);
    expect(fresh.json()).toMatchObject({ number: order.number });
    // Looking it up by number hands out the new link.
    expect((await track(order.number, order.email)).json().trackingUrl).toBe(
      new URL(after.trackingUrl).pathname,
    );
  });

  it('ends every mail about the order', async () => {
    const order = await placeOrder();
    const received = await waitForEmail(server.context.config.dataDir, {
      to: order.email,
      template: 'order-received',
    });
    expect(received.text).toContain(
      `Следить за заказом без входа в кабинет:\nhttps://perevod.example.ru${order.trackingUrl}`,
    );
    expect(received.html).toContain(`href="https://perevod.example.ru${order.trackingUrl}"`);
    // Status mails are queued for pg-boss; their rendering is the mail service's, with the same link.
    await server.context.mail.deliver({
      name: 'send-email',
      template: 'order-paid',
      to: order.email,
      orderId: order.id,
    });
    const paid = await waitForEmail(server.context.config.dataDir, {
      to: order.email,
      template: 'order-paid',
    });
    expect(paid.text).toMatch(
      /Следить за заказом без входа в кабинет:\nhttps:\/\/perevod\.example\.ru\/track\/[\w-]{43}\n\n—\nБюро переводов/,
    );
  });
});
