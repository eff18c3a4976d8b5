/** POST /api/order and the promo check, through the real app on a fresh database. */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentTypes,
  orderDocuments,
  orderFiles,
  orderStatusHistory,
  orders,
  promoCodes,
  users,
} from '../../db/schema';
import { createOrder as createOrderDirectly } from '../../services/orders/create-order';
import { createFile } from '../../test-support/fixtures';
import { waitForEmail } from '../../test-support/outbox';
import { signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

let serial = 0;
const order = (changes: Record<string, unknown> = {}) => ({
  name: 'Анна Смирнова',
  phoneNumber: '8 (916) 123-45-67',
  email: `anna.${++serial}@example.ru`,
  originalLanguage: 'ru',
  targetLanguage: 'en',
  orderDocuments: [{ documentId: 1, quantity: 2, assuranceIds: [1] }],
  payerType: 'INDIVIDUAL',
  deliveryType: 'PICKUP_POINT',
  personalDataConsent: true,
  deliveryId: 2,
  pickupPointId: 1,
  ...changes,
});

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url: '/api/order', payload: payload as object, headers });

const orderCount = async () => (await server.context.db.select({ n: count() }).from(orders))[0]?.n ?? 0;
const rowOf = async (id: number) =>
  (await server.context.db.select().from(orders).where(eq(orders.id, id)))[0];

describe('POST /api/order', () => {
  it('makes the order with prices from the catalogue, a human number, history and a confirmation email', async () => {
    const file = await createFile(server.context, null);
    const payload = order({ files: [file.id], comment: ' Имя латиницей ' });
    const answer = await post(payload, { 'idempotency-key': 'first-order-key-1' });
    expect(answer.statusCode).toBe(201);
    const { order: created, replayed } = answer.json();
    expect(replayed).toBe(false);
    expect(created.number).toMatch(/^\d{4}-\d{5}$/);
    expect(created.number.endsWith(String(created.id).padStart(5, '0'))).toBe(true);
    // (1200 + 900) × 2 + 250 pickup delivery; the client sent no prices at all.
    expect(created).toMatchObject({
      status: 'NEW',
      statusLabel: 'Новый',
      amount: 4450,
      subtotal: 4200,
      deliveryPrice: 250,
      pickupPointName: 'Пункт выдачи «Тверская»',
      documents: [{ type: 'Паспорт', quantity: 2, price: 1200, assurances: [{ price: 900 }] }],
      filesCount: 1,
      email: payload.email,
    });
    expect(created.nextSteps[0]).toBe('Менеджер проверит документы и подтвердит стоимость.');
    const row = await rowOf(created.id);
    expect(row).toMatchObject({ phoneNumber: '+7 916 123-45-67', comment: 'Имя латиницей' });
    const attached = await server.context.db
      .select()
      .from(orderFiles)
      .where(eq(orderFiles.orderId, created.id));
    expect(attached.map((entry) => entry.fileId)).toEqual([file.id]);
    const history = await server.context.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, created.id));
    expect(history.map((entry) => entry.status)).toEqual(['NEW']);
    const email = await waitForEmail(server.context.config.dataDir, {
      to: payload.email,
      template: 'order-received',
    });
    expect(email.subject).toBe(`Заказ ${created.number} принят`);
    // The anonymous order belongs to the account of its email, made for it.
    const [owner] = await server.context.db
      .select()
      .from(users)
      .where(eq(users.id, row?.userId as number));
    expect(owner?.email).toBe(payload.email);
  });

  it('answers a receipt: never the account of the email, the partner, costs or where files are kept', async () => {
    const known = await signInAs(server.context, 'USER', { email: 'known.receipt@example.ru' });
    const file = await createFile(server.context, null);
    const answer = await post(order({ email: 'known.receipt@example.ru', files: [file.id] }));
    expect(answer.statusCode).toBe(201);
    const receipt = answer.json().order;
    expect(Object.keys(receipt).sort()).toEqual(
      [
        'id',
        'number',
        'status',
        'statusLabel',
        'amount',
        'subtotal',
        'discountPercent',
        'discountAmount',
        'promoCode',
        'urgent',
        'urgentPercent',
        'urgentAmount',
        'dueDate',
        'documents',
        'filesCount',
        'deliveryType',
        'deliveryPrice',
        'pickupPointName',
        'address',
        'payerType',
        'email',
        'nextSteps',
        // The order's own signed link, /track/{token}: whoever placed it may follow it.
        'trackingUrl',
        'createdAt',
      ].sort(),
    );
    expect(receipt.trackingUrl).toMatch(/^\/track\/[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(receipt)).not.toContain(String(file.id));
    // The order did go to that account: the answer just does not say so.
    expect((await rowOf(receipt.id))?.userId).toBe(known.userId);
  });

  it("links a signed-in customer's order to them", async () => {
    const anna = await signInAs(server.context, 'USER', { email: 'signed.in@example.ru' });
    const answer = await post(order({ email: 'other.address@example.ru' }), anna.headers);
    expect((await rowOf(answer.json().order.id))?.userId).toBe(anna.userId);
  });

  it('refuses what the schema cannot say, field by field, and writes nothing', async () => {
    const before = await orderCount();
    const answer = await post(
      order({
        targetLanguage: 'ru',
        orderDocuments: [{ documentId: 999, quantity: 1 }],
        payerType: 'LEGAL',
        organizationInn: '7707083890',
        pickupPointId: null,
      }),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('VALIDATION_ERROR');
    expect(answer.json().details.map((detail: { path: string }) => detail.path)).toEqual([
      '/body/targetLanguage',
      '/body/organizationInn',
      '/body/organizationName',
      '/body/orderDocuments/0',
      '/body/pickupPointId',
    ]);
    expect(await orderCount()).toBe(before);
  });

  it('refuses a file that belongs to another order', async () => {
    const first = await post(order());
    const file = await createFile(server.context, null, first.json().order.id);
    const answer = await post(order({ files: [file.id] }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().details[0].path).toBe('/body/files');
  });

  it('answers a replay with the same order, and another body with the same key with 422', async () => {
    const payload = order();
    const first = await post(payload, { 'idempotency-key': 'replayed-key-0001' });
    const again = await post(payload, { 'idempotency-key': 'replayed-key-0001' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ order: first.json().order, replayed: true });
    const other = await post(order({ name: 'Другой человек' }), { 'idempotency-key': 'replayed-key-0001' });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('makes one order of twenty parallel requests with one key', async () => {
    const before = await orderCount();
    const payload = order();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(payload, { 'idempotency-key': 'parallel-key-0001' })),
    );
    expect(await orderCount()).toBe(before + 1);
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(19);
    expect(new Set(answers.map((answer) => answer.json().order.id)).size).toBe(1);
  });

  it("keeps one caller's key apart from another's: nobody replays or blocks someone else's order", async () => {
    const boris = await signInAs(server.context, 'USER', { email: 'boris.scoped@example.ru' });
    const payload = order();
    const anonymous = await post(payload, { 'idempotency-key': 'scoped-key-0001' });
    const signedIn = await post(payload, { ...boris.headers, 'idempotency-key': 'scoped-key-0001' });
    expect(anonymous.statusCode).toBe(201);
    expect(signedIn.statusCode).toBe(201);
    expect(signedIn.json().order.id).not.toBe(anonymous.json().order.id);
    expect((await rowOf(signedIn.json().order.id))?.userId).toBe(boris.userId);
  });

  it('leaves the key free when the order was refused, for the corrected draft', async () => {
    const refused = await post(order({ targetLanguage: 'ru' }), { 'idempotency-key': 'corrected-key-01' });
    expect(refused.statusCode).toBe(400);
    const fixed = await post(order(), { 'idempotency-key': 'corrected-key-01' });
    expect(fixed.statusCode).toBe(201);
  });
});

describe('what one order may hold', () => {
  it('keeps courier details only in their bounded shape', async () => {
    const courier = {
      deliveryType: 'COURIER',
      personalDataConsent: true,
      deliveryId: null,
      pickupPointId: null,
      address: 'Москва, Тверская, 1',
    };
    const deliveryData = {
      tariffCode: '136',
      tariffName: 'Посылка склад-склад',
      price: 320,
      minDays: 1,
      maxDays: 2,
    };
    const kept = await post(order({ ...courier, deliveryData }));
    expect(kept.statusCode, kept.body).toBe(201);
    expect((await rowOf(kept.json().order.id))?.deliveryData).toEqual(deliveryData);
    const before = await orderCount();
    const blob = await post(
      order({ ...courier, deliveryData: { ...deliveryData, note: 'x'.repeat(900_000) } }),
    );
    expect(blob.statusCode).toBe(400);
    const long = await post(order({ ...courier, deliveryData: { tariffName: 'x'.repeat(201) } }));
    expect(long.statusCode).toBe(400);
    expect(long.json().details[0].path).toMatch(/^\/body\/deliveryData/);
    expect(await orderCount()).toBe(before);
  });

  it('counts the copies of one document across the whole order, whichever shape names it', async () => {
    const fifty = Array.from({ length: 50 }, () => ({ documentId: 1, quantity: 100 }));
    const answers = [
      await post(order({ orderDocuments: fifty })),
      await post(order({ orderDocuments: undefined, documentsWithQuantity: fifty })),
      await post(order({ orderDocuments: undefined, documentIds: Array.from({ length: 50 }, () => 1) })),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 201]);
    expect(answers[0]?.json().message).toBe('Не больше 100 копий одного документа в заказе');
    expect(answers[1]?.json().details[0].path).toBe('/body/documentsWithQuantity');
    // Fifty mentions of one document without quantities: fifty copies, within the limit.
    const [line] = await server.context.db
      .select()
      .from(orderDocuments)
      .where(eq(orderDocuments.orderId, answers[2]?.json().order.id));
    expect(line?.quantity).toBe(50);
  });

  it('takes at most 20 different documents in one order', async () => {
    const added = await server.context.db
      .insert(documentTypes)
      .values(Array.from({ length: 21 }, (_, index) => ({ type: `Справка ${index + 1}`, price: 500 })))
      .returning({ id: documentTypes.id });
    const lines = (count: number) =>
      added.slice(0, count).map((row) => ({ documentId: row.id, quantity: 1 }));
    const refused = await post(order({ orderDocuments: lines(21) }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Не больше 20 разных документов в одном заказе: остальные оформите вторым заказом',
    );
    expect((await post(order({ orderDocuments: lines(20) }))).statusCode).toBe(201);
  });
});

describe('promo codes', () => {
  it('discounts the documents, not the delivery, and says why a code does not apply', async () => {
    const welcome = await post(order({ promoCode: ' welcome10 ' }));
    expect(welcome.json().order).toMatchObject({
      promoCode: 'WELCOME10',
      discountPercent: 10,
      amount: 4200 - 420 + 250,
    });
    const before = await orderCount();
    const expired = await post(order({ promoCode: 'AUTUMN20' }));
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toMatchObject({
      code: 'PROMO_NOT_APPLICABLE',
      details: [{ path: '/body/promoCode', message: 'Промокод отключён' }],
    });
    expect(await orderCount()).toBe(before);
  });

  it('gives a code with one use left to exactly one of many parallel orders', async () => {
    await server.context.db
      .insert(promoCodes)
      .values({ code: 'LASTONE', discount: 50, isActive: true, maxUses: 3, usesCount: 2 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => post(order({ promoCode: 'LASTONE' }))),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.statusCode === 422);
    expect(refused).toHaveLength(11);
    expect(refused[0]?.json().details[0].message).toMatch(/максимальное число раз/);
    const [row] = await server.context.db.select().from(promoCodes).where(eq(promoCodes.code, 'LASTONE'));
    expect(row?.usesCount).toBe(3);
  });

  it('checks a code for the form with its verdict', async () => {
    const check = (code: string) =>
      server.app.inject({ method: 'POST', url: '/api/form-settings/promocode/validate', payload: { code } });
    expect((await check('student15')).json()).toEqual({
      valid: true,
      code: 'STUDENT15',
      kind: 'PERCENT',
      discount: 15,
      amount: null,
      minOrderSum: null,
      message: 'Промокод применён — скидка 15%',
    });
    expect((await check('NOPE')).json()).toEqual({
      valid: false,
      code: 'NOPE',
      kind: 'PERCENT',
      discount: 0,
      amount: null,
      minOrderSum: null,
      message: 'Такого промокода нет',
    });
  });
});

describe('cost to the bureau', () => {
  it("uses the notary's Saturday cost for an order placed on a Moscow Saturday night", async () => {
    // 23:30 on Friday in UTC is 02:30 on Saturday in Moscow.
    const placed = await createOrderDirectly(server.context, {
      body: order() as never,
      idempotencyKey: undefined,
      caller: null,
      at: new Date('2026-11-27T23:30:00Z'),
    });
    const [row] = await server.context.db.select().from(orders).where(eq(orders.id, placed.order.id));
    // (600 + 700 Saturday notary) × 2 + delivery 250 passed on at cost.
    expect(row?.cost).toBe(2850);
    expect(placed.order.number.startsWith('2611-')).toBe(true);
  });
});

describe('one transaction', () => {
  it('writes nothing — no order, no promo use, no key — when the confirmation job cannot be queued', async () => {
    const unavailable = async () => {
      throw new Error('queue unavailable');
    };
    const failingJobs = { send: unavailable, insert: unavailable } as unknown as NonNullable<
      typeof server.context.jobs
    >;
    const before = await orderCount();
    const [promoBefore] = await server.context.db
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.code, 'STUDENT15'));
    await expect(
      createOrderDirectly(
        { ...server.context, jobs: failingJobs },
        {
          body: order({ promoCode: 'STUDENT15' }) as never,
          idempotencyKey: 'rolled-back-key-1',
          caller: null,
        },
      ),
    ).rejects.toThrow('queue unavailable');
    expect(await orderCount()).toBe(before);
    const [promoAfter] = await server.context.db
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.code, 'STUDENT15'));
    expect(promoAfter?.usesCount).toBe(promoBefore?.usesCount);
    // The key is free again: the same draft, sent once the queue is back, makes its order.
    const retried = await post(order({ promoCode: 'STUDENT15' }), { 'idempotency-key': 'rolled-back-key-1' });
    expect(retried.statusCode).toBe(201);
  });
});
