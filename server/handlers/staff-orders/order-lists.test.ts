/** GET /api/order and /api/order/partner: filters, search, sorts and pages on a seeded set. */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDocumentAssurances, orderDocuments, orders } from '../../db/schema';
import { createUser } from '../../test-support/fixtures';
import { type SignedInTestUser, signInAs, signInUser } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let manager: SignedInTestUser;
let partner: SignedInTestUser;
let partnerWithoutPoints: SignedInTestUser;
/** A word in every seeded email, so each test sees only this file's orders. */
const batch = randomBytes(3).toString('hex');

type Seed = Partial<typeof orders.$inferInsert> & { number: string; name: string };
const SEEDS: Seed[] = [
  // createdAt in UTC; Moscow is 3 hours ahead.
  {
    number: 'L-001',
    name: 'Анна Смирнова',
    phoneNumber: '+7 916 123-45-67',
    amount: 1500,
    status: 'NEW',
    createdAt: new Date('2026-11-01T20:59:00Z'),
  },
  {
    number: 'L-002',
    name: 'Борис Петров',
    phoneNumber: '+7 903 555-00-11',
    amount: 700,
    status: 'PAID',
    partnerId: 1,
    deliveryType: 'PICKUP_POINT',
    createdAt: new Date('2026-11-01T21:00:00Z'),
  },
  {
    number: 'L-003',
    name: 'Вера Ан',
    phoneNumber: '+7 999 000-11-22',
    amount: 2500,
    status: 'IN_DELIVERY',
    partnerId: 1,
    deliveryType: 'PICKUP_POINT',
    payerType: 'LEGAL',
    organizationName: 'ООО «Ромашка»',
    createdAt: new Date('2026-11-03T10:00:00Z'),
  },
  {
    number: 'L-004',
    name: 'Глеб Орлов',
    phoneNumber: '+7 916 777-88-99',
    amount: 700,
    status: 'NEW',
    partnerId: 2,
    deliveryType: 'PICKUP_POINT',
    createdAt: new Date('2026-11-05T10:00:00Z'),
  },
  {
    number: 'L-005',
    name: 'Дина Смирнова',
    phoneNumber: '+7 926 111-22-33',
    amount: 9900,
    status: 'CANCELLED',
    deliveryType: 'COURIER',
    payerType: 'LEGAL',
    createdAt: new Date('2026-11-07T10:00:00Z'),
  },
];

beforeAll(async () => {
  server = await startTestServer();
  manager = await signInAs(server.context, 'MANAGER');
  partner = await signInAs(server.context, 'PARTNER', { partnerId: 1 });
  const unlinked = await createUser(server.context, { role: 'PARTNER', partnerId: null });
  partnerWithoutPoints = await signInUser(server.context, unlinked);
  const seeded = await server.context.db
    .insert(orders)
    .values(
      SEEDS.map((seed, index) => ({
        email: `client${index}.${batch}@example.ru`,
        phoneNumber: '+7 900 000-00-00',
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryType: 'OFFICE' as const,
        updatedAt: seed.createdAt,
        ...seed,
      })),
    )
    .returning({ id: orders.id, number: orders.number });
  // L-003 has two lines, the first with two assurances: the partner's rows carry them in brief.
  const orderId = seeded.find((row) => row.number === 'L-003')?.id as number;
  const [passport, diploma] = await server.context.db
    .insert(orderDocuments)
    .values([
      { orderId, documentId: 1, type: 'Паспорт', quantity: 2, price: 1000, sortOrder: 0 },
      { orderId, documentId: 1, type: 'Диплом', quantity: 1, price: 1500, sortOrder: 1 },
    ])
    .returning({ id: orderDocuments.id });
  await server.context.db.insert(orderDocumentAssurances).values([
    { orderDocumentId: passport?.id as number, assuranceId: 1, type: 'Нотариальное заверение', price: 900 },
    { orderDocumentId: passport?.id as number, assuranceId: 2, type: 'Апостиль', price: 2500 },
  ]);
  expect(diploma).toBeDefined();
});
afterAll(() => server?.close());

const list = (query: Record<string, string | number>, who: SignedInTestUser = manager, path = '/api/order') =>
  server.app.inject({
    method: 'GET',
    url: path,
    query: { search: batch, ...stringify(query) },
    headers: who.headers,
  });
const stringify = (query: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]));
const numbers = async (query: Record<string, string | number>, who?: SignedInTestUser, path?: string) => {
  const answer = await list(query, who, path);
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json().items as { number: string }[]).map((item) => item.number);
};

describe('the staff order list', () => {
  it('shows summary rows newest first with a count', async () => {
    const answer = await list({});
    expect(answer.statusCode).toBe(200);
    const page = answer.json();
    expect(page).toMatchObject({ total: 5, totalCapped: false, limit: 20, offset: 0 });
    expect(page.items.map((item: { number: string }) => item.number)).toEqual([
      'L-005',
      'L-004',
      'L-003',
      'L-002',
      'L-001',
    ]);
    expect(page.items[2]).toEqual({
      id: expect.any(Number),
      number: 'L-003',
      status: 'IN_DELIVERY',
      name: 'Вера Ан',
      phoneNumber: '+7 999 000-11-22',
      email: `client2.${batch}@example.ru`,
      amount: 2500,
      // No costs or partner's rate were written on this row: all of it is margin.
      margin: 2500,
      marginPercent: 100,
      deliveryType: 'PICKUP_POINT',
      pickupPointId: null,
      pickupPointName: null,
      partnerId: 1,
      payerType: 'LEGAL',
      organizationName: 'ООО «Ромашка»',
      paymentUrl: null,
      unreadMessages: 0,
      urgent: false,
      dueDate: null,
      assigneeId: null,
      assigneeName: null,
      createdAt: '2026-11-03T10:00:00.000Z',
      updatedAt: '2026-11-03T10:00:00.000Z',
    });
    // A summary, not the whole order: no lines (the office opens the card), files or costs.
    expect(page.items[0]).not.toHaveProperty('documents');
    expect(page.items[0]).not.toHaveProperty('files');
    expect(page.items[0]).not.toHaveProperty('otherCost');
  });

  it('filters by status, partner, delivery type and payer type', async () => {
    expect(await numbers({ status: 'NEW' })).toEqual(['L-004', 'L-001']);
    expect(await numbers({ partnerId: 1 })).toEqual(['L-003', 'L-002']);
    expect(await numbers({ deliveryType: 'COURIER' })).toEqual(['L-005']);
    expect(await numbers({ payerType: 'LEGAL', status: 'IN_DELIVERY' })).toEqual(['L-003']);
  });

  it('filters by Moscow calendar days, both ends included', async () => {
    // 2026-11-01T21:00Z is already 2 November in Moscow; 20:59Z is still the 1st.
    expect(await numbers({ dateFrom: '2026-11-02', dateTo: '2026-11-03' })).toEqual(['L-003', 'L-002']);
    expect(await numbers({ dateTo: '2026-11-01' })).toEqual(['L-001']);
    const reversed = await list({ dateFrom: '2026-11-05', dateTo: '2026-11-01' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('Дата «с» позже даты «по»');
  });

  it('finds orders by phone written any way, by name, by email and by number', async () => {
    const search = async (term: string) => numbers({ search: term });
    expect(await search('8 (916) 123-45-67')).toEqual(['L-001']);
    expect(await search('916 777')).toEqual(['L-004']);
    expect(await search('смирнова')).toEqual(expect.arrayContaining(['L-005', 'L-001']));
    expect(await search(`client3.${batch}`)).toEqual(['L-004']);
    expect(await search('l-002')).toEqual(['L-002']);
    // LIKE wildcards typed by a user are plain characters.
    expect((await list({ search: '%%%' })).json().items).toEqual([]);
  });

  it('matches digits alone only for a term written as a phone or a number, not an email', async () => {
    // The digits of this email, 91612, are inside L-001's phone (7 916 123-45-67).
    expect(await numbers({ search: 'zz9161-2@nowhere.example' })).toEqual([]);
    expect(await numbers({ search: 'ан9-16-12' })).toEqual([]);
    expect(await numbers({ search: '+7 (916) 12' })).toEqual(['L-001']);
  });

  it('refuses a search shorter than 3 characters in Russian', async () => {
    const answer = await list({ search: 'ан' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Введите для поиска не меньше 3 символов',
    });
  });

  it('sorts by amount, name and status in both directions with ties broken by id', async () => {
    expect(await numbers({ sort: 'amount', direction: 'asc' })).toEqual([
      'L-002',
      'L-004',
      'L-001',
      'L-003',
      'L-005',
    ]);
    expect(await numbers({ sort: 'amount', direction: 'desc' })).toEqual([
      'L-005',
      'L-003',
      'L-001',
      'L-004',
      'L-002',
    ]);
    expect(await numbers({ sort: 'name', direction: 'asc' })).toEqual([
      'L-001',
      'L-002',
      'L-003',
      'L-004',
      'L-005',
    ]);
    // Statuses sort in the order work goes, not alphabetically.
    expect(await numbers({ sort: 'status', direction: 'asc' })).toEqual([
      'L-001',
      'L-004',
      'L-002',
      'L-003',
      'L-005',
    ]);
  });

  it('pages without repeating or skipping rows, and bounds limit and offset', async () => {
    const first = await numbers({ sort: 'amount', direction: 'asc', limit: 2 });
    const second = await numbers({ sort: 'amount', direction: 'asc', limit: 2, offset: 2 });
    const third = await numbers({ sort: 'amount', direction: 'asc', limit: 2, offset: 4 });
    expect([...first, ...second, ...third]).toEqual(['L-002', 'L-004', 'L-001', 'L-003', 'L-005']);
    expect((await list({ limit: 101 })).statusCode).toBe(400);
    expect((await list({ offset: 10_001 })).statusCode).toBe(400);
    expect((await list({ sort: 'email' })).statusCode).toBe(400);
  });
});

describe('the count of a long list', () => {
  it('stops at 1,000 and says there are more', async () => {
    const many = randomBytes(3).toString('hex');
    await server.context.db.execute(sql`
      insert into orders (number, name, phone_number, email, original_language, target_language, delivery_type)
      select 'M-' || ${many} || '-' || g, 'Много Заказов', '+7 900 000-00-00', 'many.' || ${many} || '@example.ru',
        'ru', 'en', 'OFFICE'
      from generate_series(1, 1001) g`);
    const page = (await list({ search: `many.${many}` })).json();
    expect(page).toMatchObject({ total: 1000, totalCapped: true });
    expect(page.items).toHaveLength(20);
    const last = (await list({ search: `many.${many}`, offset: 1000 })).json();
    expect(last.items).toHaveLength(1);
  });
});

describe("the partner's order list", () => {
  it("shows only the orders of the partner's own points", async () => {
    expect(await numbers({}, partner, '/api/order/partner')).toEqual(['L-003', 'L-002']);
    expect(await numbers({ status: 'PAID' }, partner, '/api/order/partner')).toEqual(['L-002']);
    // The partner's cards show what to hand over, in the list itself.
    const own = (await list({}, partner, '/api/order/partner')).json();
    expect(own.items.map((item: { documents: unknown }) => item.documents)).toEqual([
      [
        {
          type: 'Паспорт',
          quantity: 2,
          assurances: ['Нотариальное заверение', 'Апостиль'],
          targetLanguages: ['en'],
        },
        { type: 'Диплом', quantity: 1, assurances: [], targetLanguages: ['en'] },
      ],
      [],
    ]);
    // A partnerId in the query is not part of this operation: it cannot widen the reach.
    const widened = await list({ partnerId: 2 }, partner, '/api/order/partner');
    expect(
      widened.statusCode === 400 ||
        widened
          .json()
          .items.map((i: { number: string }) => i.number)
          .join() === 'L-003,L-002',
    ).toBe(true);
    // A pickup counter's rows: who collects, what to hand over — no email, money or payment.
    expect(Object.keys(own.items[0]).sort()).toEqual(
      [
        'createdAt',
        'documents',
        'id',
        'name',
        'number',
        'phoneNumber',
        'pickupPointId',
        'pickupPointName',
        'resultsCount',
        'status',
        'updatedAt',
      ].sort(),
    );
  });

  it('is empty for a partner account not linked to a partner', async () => {
    expect(await numbers({}, partnerWithoutPoints, '/api/order/partner')).toEqual([]);
  });

  it('is refused to office staff and the office list to partners', async () => {
    expect((await list({}, manager, '/api/order/partner')).statusCode).toBe(403);
    expect((await list({}, partner)).statusCode).toBe(403);
  });
});
