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
const placeOrder = (promoCode: string, quantity = 1) =>
  server.app.inject({
    method: 'POST',
    url: '/api/order',
    payload: {
      name: 'Анна Смирнова',
      phoneNumber: '8 (916) 123-45-67',
      email: `promo.${++serial}@example.ru`,
      originalLanguage: 'ru',
      targetLanguage: 'en',
      orderDocuments: [{ documentId: 1, quantity, assuranceIds: [] }],
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

  it('adds a fixed sum in rubles with a minimum order sum, and keeps a code sent the old way a percentage', async () => {
    const fixed = await call('POST', '/api/form-settings/promocode', {
      code: 'first500',
      kind: 'AMOUNT',
      amount: 500,
      minOrderSum: 3000,
    });
    expect(fixed.statusCode).toBe(201);
    expect(fixed.json()).toMatchObject({
      code: 'FIRST500',
      kind: 'AMOUNT',
      discount: 0,
      amount: 500,
      minOrderSum: 3000,
    });
    const old = await call('POST', '/api/form-settings/promocode', { code: 'OLDSTYLE', discount: 7.5 });
    expect(old.json()).toMatchObject({ kind: 'PERCENT', discount: 7.5, amount: null, minOrderSum: null });
    // The seed's codes, made before fixed sums, are percentages.
    expect(await listed('WELCOME10')).toMatchObject({ kind: 'PERCENT', discount: 10, amount: null });
    // Switched to a percentage, the rubles are not kept.
    const switched = await call('PUT', '/api/form-settings/promocode', {
      id: fixed.json().id,
      code: 'FIRST500',
      kind: 'PERCENT',
      discount: 5,
      amount: null,
      minOrderSum: 3000,
    });
    expect(switched.json()).toMatchObject({ kind: 'PERCENT', discount: 5, amount: null, minOrderSum: 3000 });
    await call('PUT', '/api/form-settings/promocode', {
      id: fixed.json().id,
      code: 'FIRST500',
      kind: 'AMOUNT',
      amount: 500,
      minOrderSum: 3000,
    });
    expect(await listed('FIRST500')).toMatchObject({ kind: 'AMOUNT', discount: 0, amount: 500 });
  });

  it('refuses a fixed sum without its rubles, or with fractions of a kopeck, beside the field', async () => {
    const missing = await call('POST', '/api/form-settings/promocode', { code: 'NOAMOUNT', kind: 'AMOUNT' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: 'Введите скидку в рублях',
      details: [{ path: '/body/amount', message: 'Введите скидку в рублях' }],
    });
    const dust = await call('POST', '/api/form-settings/promocode', {
      code: 'DUST',
      kind: 'AMOUNT',
      amount: 10.005,
    });
    expect(dust.statusCode).toBe(400);
    expect(dust.json().details[0].path).toBe('/body/amount');
    const noPercent = await call('POST', '/api/form-settings/promocode', { code: 'NOPERCENT' });
    expect(noPercent.statusCode).toBe(400);
    expect(noPercent.json().details[0].path).toBe('/body/discount');
    const negative = await call('POST', '/api/form-settings/promocode', {
      code: 'NEGMIN',
      discount: 5,
      minOrderSum: -1,
    });
    expect(negative.statusCode).toBe(400);
    expect((await listed('NOAMOUNT')) ?? null).toBeNull();
  });

  it('answers the form «−500 ₽» and refuses below the minimum in Russian', async () => {
    await call('POST', '/api/form-settings/promocode', {
      code: 'RUB300',
      kind: 'AMOUNT',
      amount: 300,
      minOrderSum: 2400,
    });
    const validate = (payload: object) =>
      server.app.inject({ method: 'POST', url: '/api/form-settings/promocode/validate', payload });
    const below = await validate({ code: 'rub300', orderSum: 1200 });
    expect(below.statusCode).toBe(200);
    expect(below.json()).toEqual({
      valid: false,
      code: 'RUB300',
      kind: 'AMOUNT',
      discount: 0,
      amount: null,
      minOrderSum: 2400,
      message: 'Промокод действует для заказов от 2\u00a0400\u00a0₽',
    });
    expect((await validate({ code: 'RUB300', orderSum: 2400 })).json()).toEqual({
      valid: true,
      code: 'RUB300',
      kind: 'AMOUNT',
      discount: 0,
      amount: 300,
      minOrderSum: 2400,
      message: 'Промокод применён — скидка 300\u00a0₽',
    });
    // An old percentage code answers as before, with the new fields said.
    expect((await validate({ code: 'WELCOME10', orderSum: 1 })).json()).toMatchObject({
      valid: true,
      kind: 'PERCENT',
      discount: 10,
      amount: null,
      message: 'Промокод применён — скидка 10%',
    });
    expect((await validate({ code: 'RUB300', orderSum: -5 })).statusCode).toBe(400);
  });

  it('charges a fixed sum off the documents only, and refuses an order below the minimum with 422 writing nothing', async () => {
    await call('POST', '/api/form-settings/promocode', { code: 'BIG5000', kind: 'AMOUNT', amount: 5000 });
    // One passport is 1 200 ₽: the code takes 1 200 ₽, not 5 000 ₽, and the order is 0 ₽, not below.
    const capped = await placeOrder('BIG5000');
    expect(capped.statusCode).toBe(201);
    expect(capped.json().order).toMatchObject({
      subtotal: 1200,
      discountAmount: 1200,
      discountPercent: 0,
      amount: 0,
    });

    await call('POST', '/api/form-settings/promocode', {
      code: 'FROM3000',
      kind: 'AMOUNT',
      amount: 500,
      minOrderSum: 3000,
    });
    const below = await placeOrder('FROM3000', 2);
    expect(below.statusCode).toBe(422);
    expect(below.json()).toMatchObject({
      code: 'PROMO_NOT_APPLICABLE',
      details: [{ path: '/body/promoCode', message: 'Промокод действует для заказов от 3\u00a0000\u00a0₽' }],
    });
    expect((await listed('FROM3000')).usesCount).toBe(0);
    const enough = await placeOrder('FROM3000', 3);
    expect(enough.statusCode).toBe(201);
    expect(enough.json().order).toMatchObject({ subtotal: 3600, discountAmount: 500, amount: 3100 });
    expect((await listed('FROM3000')).usesCount).toBe(1);
    // The staff card keeps the code's rubles, which a later quote prices with.
    const card = await call('GET', `/api/order/${enough.json().order.id}`);
    expect(card.statusCode).toBe(200);
    expect(card.json().order).toMatchObject({ promoCode: 'FROM3000', discountPercent: 0, promoAmount: 500 });
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
