/** Promo codes as an admin manages them, and how their limits hold when orders race. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatePromo } from '../../services/catalogue/promo-codes';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let admin: SignedInTestUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAs(server.context, 'ADMIN');
});
afterAll(() => server?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who = admin) =>
  server.app.inject({ method, url, payload, headers: who.headers });

let serial = 0;
const placeOrder = (promoCode: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/order',
    payload: {
      name: 'Анна Смирнова',
      phoneNumber: '8 (916) 123-45-67',
      email: `promo.${++serial}@example.ru`,
      originalLanguage: 'ru',
      targetLanguage: 'en',
      orderDocuments: [{ documentId: 1, quantity: 1, assuranceIds: [] }],
      payerType: 'INDIVIDUAL',
      deliveryType: 'OFFICE',
      personalDataConsent: true,
      promoCode,
    },
  });

const listed = async (code: string) =>
  (await call('GET', '/api/form-settings/promocode')).json().find((p: { code: string }) => p.code === code);

describe('promo codes in form settings', () => {
  it('adds a code upper-cased, with its dates and limit, and lists it with no uses yet', async () => {
    const created = await call('POST', '/api/form-settings/promocode', {
      code: 'spring-20',
      discount: 20,
      description: '  Весенняя акция ',
      startDate: '2026-03-01',
      endDate: '2026-05-31',
      maxUses: 50,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      code: 'SPRING-20',
      discount: 20,
      description: 'Весенняя акция',
      isActive: true,
      startDate: '2026-03-01',
      endDate: '2026-05-31',
      maxUses: 50,
      usesCount: 0,
    });
  });

  it('refuses the same code in another case with 409, and an end before the start with 400', async () => {
    const twin = await call('POST', '/api/form-settings/promocode', { code: 'Welcome10', discount: 5 });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().message).toMatch(/^Промокод WELCOME10 уже есть/);
    const backwards = await call('POST', '/api/form-settings/promocode', {
      code: 'BACKWARDS',
      discount: 5,
      startDate: '2026-05-01',
      endDate: '2026-04-01',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      message: 'Дата окончания не может быть раньше даты начала',
      details: [{ path: '/body/endDate' }],
    });
    const zero = await call('POST', '/api/form-settings/promocode', { code: 'ZERO', discount: 0 });
    expect(zero.statusCode).toBe(400);
    const manager = await signInAs(server.context, 'MANAGER');
    expect((await call('GET', '/api/form-settings/promocode', undefined, manager)).statusCode).toBe(403);
  });

  it('counts uses from orders really placed, not from refused ones', async () => {
    const code = (
      await call('POST', '/api/form-settings/promocode', { code: 'COUNTED', discount: 10, maxUses: 2 })
    ).json();
    expect((await placeOrder('counted')).statusCode).toBe(201);
    expect((await placeOrder('COUNTED')).statusCode).toBe(201);
    const third = await placeOrder('COUNTED');
    expect(third.statusCode).toBe(422);
    expect((await listed('COUNTED')).usesCount).toBe(2);
    // Raising the limit lets the next order in; the uses stay as counted.
    const raised = await call('PUT', '/api/form-settings/promocode', {
      id: code.id,
      code: 'COUNTED',
      discount: 10,
      maxUses: 3,
    });
    expect(raised.json()).toMatchObject({ maxUses: 3, usesCount: 2 });
    expect((await placeOrder('COUNTED')).statusCode).toBe(201);
  });

  it('gives a code with one use left to exactly one of 20 parallel orders', async () => {
    const code = (
      await call('POST', '/api/form-settings/promocode', { code: 'ONELEFT', discount: 50, maxUses: 2 })
    ).json();
    expect((await placeOrder('ONELEFT')).statusCode).toBe(201);
    const answers = await Promise.all(Array.from({ length: 20 }, () => placeOrder('ONELEFT')));
    const discounted = answers.filter((answer) => answer.statusCode === 201);
    expect(discounted).toHaveLength(1);
    expect(discounted[0]?.json().order.discountPercent).toBe(50);
    expect(answers.filter((answer) => answer.statusCode === 422)).toHaveLength(19);
    expect((await listed('ONELEFT')).usesCount).toBe(2);
    expect(code.id).toBeGreaterThan(0);
  });

  it('reads start and end as Moscow dates: valid until 23:59 in Moscow on the last day', async () => {
    await call('POST', '/api/form-settings/promocode', {
      code: 'MOSCOWDAY',
      discount: 5,
      startDate: '2026-11-23',
      endDate: '2026-11-23',
    });
    // 20:59 UTC is 23:59 in Moscow; 21:00 UTC is already the next Moscow day.
    expect(
      (await validatePromo(server.context.db, 'MOSCOWDAY', new Date('2026-11-23T20:59:00Z'))).valid,
    ).toBe(true);
    expect(
      (await validatePromo(server.context.db, 'MOSCOWDAY', new Date('2026-11-23T21:00:00Z'))).valid,
    ).toBe(false);
    // 21:30 UTC on the 22nd is 00:30 on the 23rd in Moscow: already started.
    expect(
      (await validatePromo(server.context.db, 'MOSCOWDAY', new Date('2026-11-22T21:30:00Z'))).valid,
    ).toBe(true);
    expect(
      (await validatePromo(server.context.db, 'MOSCOWDAY', new Date('2026-11-22T20:30:00Z'))).valid,
    ).toBe(false);
  });

  it('switches a used code off instead of deleting it, and deletes an unused one', async () => {
    const used = (
      await call('POST', '/api/form-settings/promocode', { code: 'USEDONCE', discount: 5 })
    ).json();
    expect((await placeOrder('USEDONCE')).statusCode).toBe(201);
    const off = await call('DELETE', `/api/form-settings/promocode?id=${used.id}`);
    expect(off.json()).toMatchObject({
      outcome: 'DEACTIVATED',
      message: expect.stringMatching(/^Отключено: промокод USEDONCE/),
    });
    expect((await listed('USEDONCE')).isActive).toBe(false);
    expect((await placeOrder('USEDONCE')).statusCode).toBe(422);

    const unused = (
      await call('POST', '/api/form-settings/promocode', { code: 'NEVERUSED', discount: 5 })
    ).json();
    expect((await call('DELETE', `/api/form-settings/promocode?id=${unused.id}`)).json()).toEqual({
      outcome: 'DELETED',
      message: 'Удалено: промокод NEVERUSED.',
    });
    const history = (
      await call('GET', `/api/form-settings/changes?entity=PROMO_CODE&entityId=${used.id}`)
    ).json();
    expect(history.items[0]).toMatchObject({ action: 'DEACTIVATED', field: 'isActive' });
  });
});
