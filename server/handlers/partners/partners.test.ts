/** Partners as an admin manages them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('partners', () => {
  it('lists partners with their points, adds one and changes its commission with a history entry', async () => {
    const seeded = (await call('GET', '/api/partner')).json();
    expect(seeded.find((p: { id: number }) => p.id === 1)).toMatchObject({ isActive: true });
    expect(seeded.find((p: { id: number }) => p.id === 1).pointsCount).toBeGreaterThan(0);
    const created = await call('POST', '/api/partner', { name: '  Почтальон  ', commission: 7.5 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Почтальон',
      commission: 7.5,
      pointsCount: 0,
      isActive: true,
    });
    const id = created.json().id;
    const changed = await call('PUT', '/api/partner', { id, name: 'Почтальон', commission: 9 });
    expect(changed.json().commission).toBe(9);
    const history = (await call('GET', `/api/form-settings/changes?entity=PARTNER&entityId=${id}`)).json()
      .items;
    expect(history[0]).toMatchObject({ field: 'commission', oldValue: '7.5', newValue: '9' });
  });

  it('refuses a commission over 100% and lets a manager read but not write', async () => {
    expect((await call('POST', '/api/partner', { name: 'Жадный', commission: 101 })).statusCode).toBe(400);
    const manager = await signInAs(server.context, 'MANAGER');
    expect((await call('GET', '/api/partner', undefined, manager)).statusCode).toBe(200);
    expect((await call('POST', '/api/partner', { name: 'Нет', commission: 1 }, manager)).statusCode).toBe(
      403,
    );
  });

  it('hides a partner that has points and closes them; deletes one with nothing', async () => {
    const partner = (await call('POST', '/api/partner', { name: 'Уходящий', commission: 5 })).json();
    const point = (
      await call('POST', '/api/point', {
        name: 'Пункт уходящего',
        schedule: 'Пн–Пт',
        address: 'Москва',
        lat: 55.7,
        lon: 37.6,
        partnerId: partner.id,
      })
    ).json();
    const hidden = await call('DELETE', `/api/partner?id=${partner.id}`);
    expect(hidden.json().outcome).toBe('HIDDEN');
    expect(hidden.json().message).toMatch(/пункты выдачи \(1\).*Его открытые пункты выдачи \(1\) закрыты\.$/);
    expect((await call('GET', `/api/point/${point.id}`)).json().isActive).toBe(false);
    const empty = (await call('POST', '/api/partner', { name: 'Пустой', commission: 0 })).json();
    expect((await call('DELETE', `/api/partner?id=${empty.id}`)).json().outcome).toBe('DELETED');
    expect((await call('DELETE', `/api/partner?id=${empty.id}`)).statusCode).toBe(404);
  });
});
