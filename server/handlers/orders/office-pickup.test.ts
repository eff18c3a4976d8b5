/**
 * Pickup at an office: the customer chooses which one, the server keeps it (refusing one that no
 * longer hands out orders), and every place that tells where to come names that office with its
 * address and hours — the cabinet's order, the back office's card, the confirmation email and the
 * «ready» notice.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offices } from '../../db/schema';
import { officeOrderBody } from '../../test-support/order-bodies';
import { waitForEmail } from '../../test-support/outbox';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let customer: SignedInTestUser;
let admin: SignedInTestUser;
let serial = 0;
beforeAll(async () => {
  server = await startTestServer();
  customer = await signInAs(server.context, 'USER', { email: 'office.customer@example.ru' });
  admin = await signInAs(server.context, 'ADMIN');
});
afterAll(() => server?.close());

const place = (officeId?: number | null) =>
  server.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: customer.headers,
    payload: {
      ...officeOrderBody('office.customer@example.ru'),
      deliveryId: 1,
      officeId,
      comment: `#${++serial}`,
    },
  });

describe('office pickup', () => {
  it('keeps the office chosen and names it, with address and hours, in the cabinet, the card and the email', async () => {
    const answer = await place(2);
    expect(answer.statusCode, answer.body).toBe(201);
    const { order } = answer.json();

    const mine = await server.app.inject({ url: `/api/user/orders/${order.id}`, headers: customer.headers });
    expect(mine.json().order.place).toMatchObject({
      kind: 'OFFICE',
      id: 2,
      name: 'Офис у Павелецкой',
      address: 'Москва, ул. Зацепский Вал, 5',
      schedule: 'Пн–Пт 9:00–20:00',
    });
    const card = await server.app.inject({ url: `/api/order/${order.id}`, headers: admin.headers });
    expect(card.json().place).toMatchObject({ kind: 'OFFICE', name: 'Офис у Павелецкой' });

    const email = await waitForEmail(server.context.config.dataDir, {
      to: 'office.customer@example.ru',
      template: 'order-received',
    });
    expect(email.text).toContain(
      'Готовый перевод можно будет забрать в офисе «Офис у Павелецкой»: Москва, ул. Зацепский Вал, 5. Часы работы: Пн–Пт 9:00–20:00.',
    );
  });

  it('tells the customer which office to come to when the translation is ready', async () => {
    const { order } = (await place(2)).json();
    for (const status of ['AWAITING_PAYMENT', 'PAID', 'IN_TRANSLATION', 'READY']) {
      const moved = await server.app.inject({
        method: 'PATCH',
        url: '/api/order/status',
        headers: admin.headers,
        payload: { id: order.id, status },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const notices = await server.app.inject({ url: '/api/user/notifications', headers: customer.headers });
    const ready = notices
      .json()
      .items.find((item: { title: string; body: string }) => item.body.startsWith('Перевод готов'));
    expect(ready.body).toBe(
      'Перевод готов — заберите его в офисе «Офис у Павелецкой»: Москва, ул. Зацепский Вал, 5. Часы работы: Пн–Пт 9:00–20:00',
    );
  });

  it('takes the first office when the form did not ask, and refuses one that hands out no orders', async () => {
    const unchosen = await place(undefined);
    expect(unchosen.statusCode).toBe(201);
    const taken = await server.app.inject({
      url: `/api/user/orders/${unchosen.json().order.id}`,
      headers: customer.headers,
    });
    expect(taken.json().order.place).toMatchObject({ kind: 'OFFICE', id: 1 });

    await server.context.db.update(offices).set({ isActive: false }).where(eq(offices.id, 2));
    try {
      const closed = await place(2);
      expect(closed.statusCode).toBe(400);
      expect(closed.json().details).toEqual([
        { path: '/body/officeId', message: 'Этот офис сейчас не выдаёт заказы, выберите другой' },
      ]);
      expect((await place(999)).statusCode).toBe(400);
    } finally {
      await server.context.db.update(offices).set({ isActive: true }).where(eq(offices.id, 2));
    }
  });
});
