import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** The seed's closed point (server/seed/pickup-points.ts), run by partner 2. */
const CLOSED_POINT_ID = 36;

describe('pickup points', () => {
  it('shows staff every point, closed ones too', async () => {
    const manager = await signInAs(server.context, 'MANAGER');
    const all = (await server.app.inject({ url: '/api/point', headers: manager.headers })).json();
    const open = (await server.app.inject({ url: '/api/point/active' })).json();
    expect(all.length).toBe(open.length + 1);
    expect(all.find((p: { id: number }) => p.id === CLOSED_POINT_ID).isActive).toBe(false);
  });

  it('hides a closed point from customers as if it did not exist', async () => {
    const anonymous = await server.app.inject({ url: `/api/point/${CLOSED_POINT_ID}` });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json().code).toBe('NOT_FOUND');
    const customer = await signInAs(server.context, 'USER');
    expect(
      (await server.app.inject({ url: `/api/point/${CLOSED_POINT_ID}`, headers: customer.headers }))
        .statusCode,
    ).toBe(404);
  });

  it('shows a closed point to staff and to the partner who runs it, not to another partner', async () => {
    const admin = await signInAs(server.context, 'ADMIN');
    const own = await signInAs(server.context, 'PARTNER', { partnerId: 2 });
    const other = await signInAs(server.context, 'PARTNER', { partnerId: 1 });
    const url = `/api/point/${CLOSED_POINT_ID}`;
    expect((await server.app.inject({ url, headers: admin.headers })).json().name).toBe(
      'Пункт выдачи «Арбатская»',
    );
    expect((await server.app.inject({ url, headers: own.headers })).statusCode).toBe(200);
    expect((await server.app.inject({ url, headers: other.headers })).statusCode).toBe(404);
  });

  it('answers 404 for a point that never existed and 400 for an id that is not one', async () => {
    expect((await server.app.inject({ url: '/api/point/9999' })).statusCode).toBe(404);
    const bad = await server.app.inject({ url: '/api/point/abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('offices', () => {
  it('lists both offices publicly and finds one by id', async () => {
    const offices = (await server.app.inject({ url: '/api/office' })).json();
    expect(offices.map((o: { name: string }) => o.name)).toEqual(['Офис на Тверской', 'Офис у Павелецкой']);
    const office = (await server.app.inject({ url: '/api/office/1' })).json();
    expect(office).toMatchObject({
      lat: 55.7625,
      lon: 37.6097,
      schedule: 'Пн–Пт 9:00–20:00, Сб 10:00–16:00',
    });
    expect((await server.app.inject({ url: '/api/office/3' })).statusCode).toBe(404);
  });
});
