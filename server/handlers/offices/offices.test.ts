/** Offices as an admin edits them; the public list keeps its shape. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { createOrder } from '../../test-support/fixtures';
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

const office = {
  name: 'Офис на Курской',
  address: 'Москва, ул. Земляной Вал, 33',
  schedule: 'Пн–Пт 9:00–20:00',
  phone: '+7 495 123-45-00',
  lat: 55.7586,
  lon: 37.6611,
};

describe('offices', () => {
  it('adds an office that the public list shows with every field, then moves it on the map', async () => {
    const created = await call('POST', '/api/office', office);
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toEqual({ id, ...office, email: null, isActive: true });
    const listed = (await server.app.inject({ url: '/api/office' })).json();
    expect(listed.at(-1)).toEqual(created.json());
    const moved = await call('PUT', '/api/office', { id, ...office, lat: 55.76, lon: 37.66, phone: null });
    expect(moved.json()).toMatchObject({ lat: 55.76, lon: 37.66, phone: null });
    const history = (await call('GET', `/api/form-settings/changes?entity=OFFICE&entityId=${id}`)).json()
      .items;
    expect(history.map((c: { field: string }) => c.field).sort()).toEqual(
      ['lat', 'lon', 'phone', null].sort(),
    );
  });

  it('refuses an empty schedule and a position off the globe; only an admin may write', async () => {
    const empty = await call('POST', '/api/office', { ...office, schedule: ' ' });
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Введите часы работы' });
    expect((await call('POST', '/api/office', { ...office, lon: 200 })).statusCode).toBe(400);
    const manager = await signInAs(server.context, 'MANAGER');
    expect((await call('POST', '/api/office', office, manager)).statusCode).toBe(403);
    expect((await call('PUT', '/api/office', { id: 99999, ...office })).statusCode).toBe(404);
  });

  it('switches off an office orders were collected at, and deletes an unused one', async () => {
    const used = (await call('POST', '/api/office', { ...office, name: 'Старый офис' })).json();
    const order = await createOrder(server.context, { userId: null });
    await server.context.db.update(orders).set({ officeId: used.id }).where(eq(orders.id, order.id));
    const off = await call('DELETE', `/api/office?id=${used.id}`);
    expect(off.json()).toMatchObject({ outcome: 'DEACTIVATED' });
    expect((await server.app.inject({ url: `/api/office/${used.id}` })).json().isActive).toBe(false);
    const unused = (await call('POST', '/api/office', { ...office, name: 'Временный офис' })).json();
    expect((await call('DELETE', `/api/office?id=${unused.id}`)).json()).toEqual({
      outcome: 'DELETED',
      message: 'Удалено: офис «Временный офис».',
    });
  });
});
