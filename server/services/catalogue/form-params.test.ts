import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentTypes, pickupPoints, promoCodes, settings, users } from '../../db/schema';
import { loadContract } from '../../http/contract';
import { seedDatabase } from '../../seed/seed';
import { signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const count = async (table: typeof documentTypes | typeof pickupPoints | typeof promoCodes | typeof users) =>
  (await server.context.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;

describe('the order form catalogue', () => {
  it('offers the seeded 11 documents, 5 assurances and 3 deliveries without the bureau costs', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/order/form-params' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.documents).toHaveLength(11);
    expect(body.assurances).toHaveLength(5);
    expect(body.deliveries).toHaveLength(3);
    expect(body.documents[0]).toEqual({ id: 1, type: 'Паспорт', price: 1200, leadDays: 1 });
    expect(body.deliveries[1]).toEqual({
      id: 2,
      type: 'Пункт выдачи',
      code: 'PICKUP_POINT',
      price: 250,
      time: '1–3 дня',
    });
    expect(JSON.stringify(body)).not.toMatch(/cost/i);
    expect(body.languages).toContainEqual({ code: 'en', name: 'Английский' });
  });

  it('shows staff every catalogue row with its costs, in form order', async () => {
    const admin = await signInAs(server.context, 'ADMIN');
    const documents = await server.app.inject({ url: '/api/form-settings/document', headers: admin.headers });
    expect(documents.json()[2]).toEqual({
      id: 3,
      type: 'Приложение к диплому',
      price: 2500,
      cost: 1300,
      sortOrder: 3,
      isActive: true,
      leadDays: 3,
    });
    const assurances = await server.app.inject({
      url: '/api/form-settings/assurance',
      headers: admin.headers,
    });
    expect(assurances.json()[0]).toMatchObject({
      type: 'Нотариальное заверение перевода',
      costSaturday: 700,
      costSunday: 900,
    });
    const deliveries = await server.app.inject({
      url: '/api/form-settings/delivery',
      headers: admin.headers,
    });
    expect(deliveries.json().map((d: { code: string }) => d.code)).toEqual([
      'OFFICE',
      'PICKUP_POINT',
      'COURIER',
    ]);
  });
});

describe('the seed', () => {
  it('creates nothing twice, even when its version mark is lost', async () => {
    const before = [
      await count(documentTypes),
      await count(pickupPoints),
      await count(promoCodes),
      await count(users),
    ];
    const options = { adminEmail: 'admin@perevod.local', adminPassword: undefined };
    expect((await seedDatabase(server.context.db, options)).seeded).toBe(false);
    await server.context.db.delete(settings);
    const again = await seedDatabase(server.context.db, options);
    expect(again).toEqual({ seeded: true, generatedAdminPassword: undefined });
    expect([
      await count(documentTypes),
      await count(pickupPoints),
      await count(promoCodes),
      await count(users),
    ]).toEqual(before);
  });

  it('never overwrites what staff changed', async () => {
    await server.context.db.update(documentTypes).set({ price: 1999 }).where(sql`id = 1`);
    await server.context.db.delete(settings);
    await seedDatabase(server.context.db, { adminEmail: 'admin@perevod.local', adminPassword: undefined });
    const [passport] = await server.context.db.select().from(documentTypes).where(sql`id = 1`);
    expect(passport?.price).toBe(1999);
  });

  it('lets new rows continue after the seeded ids', async () => {
    const [row] = await server.context.db
      .insert(documentTypes)
      .values({ type: 'Медицинская справка', price: 1200 })
      .returning({ id: documentTypes.id });
    expect(row?.id).toBe(12);
  });

  it('puts the contract example point first and at least 30 open points on the map', async () => {
    const contract = loadContract();
    const example = contract.paths['/api/point'].get.responses['200'].content['application/json'].example[0];
    const response = await server.app.inject({ url: '/api/point/active' });
    const points = response.json();
    expect(points[0]).toEqual(example);
    expect(points.length).toBeGreaterThanOrEqual(30);
    for (const point of points) {
      expect(point.metroColor).toMatch(/^#[0-9A-F]{6}$/i);
      expect(point.lat).toBeGreaterThan(55.4);
      expect(point.lat).toBeLessThan(56.1);
      expect(point.lon).toBeGreaterThan(37.2);
      expect(point.lon).toBeLessThan(38);
    }
  });
});
