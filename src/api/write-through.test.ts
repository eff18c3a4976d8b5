// The offline promise of the app: a screen seen once online shows its data offline, with the time
// it was fetched.
import { describe, expect, it } from 'vitest';
import { cacheKey, responseCache } from '../db/cache';
import { testDb } from '../db/test-db';
import { fakePage, JWT, json } from './test-helpers';

const formParams = {
  documents: [{ id: 1, type: 'Паспорт', price: 1200 }],
  assurances: [{ id: 1, type: 'Нотариальное заверение перевода', price: 900 }],
  deliveries: [],
  languages: [{ code: 'ru', name: 'Русский' }],
};

describe('write-through cache', () => {
  it('stores a successful GET in IndexedDB with the time it was fetched', async () => {
    const db = testDb();
    const { page, api } = fakePage('/order/step-1');
    page.answer = () => json(formParams, 200, { etag: '"v1"' });
    const { client } = api({ cache: responseCache(db), now: () => 1_700_000_000_000 });
    await client.GET('/api/order/form-params');
    const stored = await db.cache.get(cacheKey('public', '/api/order/form-params'));
    expect(stored).toMatchObject({
      value: formParams,
      fetchedAt: 1_700_000_000_000,
      etag: '"v1"',
      context: 'public',
    });
  });

  it('gives the stored copy and its time when the network is gone', async () => {
    const db = testDb();
    const { page, api } = fakePage('/order/step-1');
    const { client } = api({ cache: responseCache(db), now: () => 1_700_000_000_000 });
    page.answer = () => json(formParams);
    await client.GET('/api/order/form-params');

    page.answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(client.GET('/api/order/form-params')).rejects.toMatchObject({ status: 0 });
    const offline = await responseCache(db).read(cacheKey('public', '/api/order/form-params'));
    expect(offline).toMatchObject({ value: formParams, fetchedAt: 1_700_000_000_000 });
  });

  it("keeps a signed-in customer's data under the cabinet context, with its parameters", async () => {
    const db = testDb();
    const { page, api } = fakePage('/cabinet/orders/5', { cabinet_token: JWT });
    page.answer = () => json({ id: 5, status: 'NEW' });
    await api({ cache: responseCache(db) }).client.GET('/api/user/orders/{id}', {
      params: { path: { id: 5 } },
    });
    const key = cacheKey('cabinet', '/api/user/orders/{id}', { path: { id: 5 } });
    expect(await db.cache.get(key)).toMatchObject({ value: { id: 5, status: 'NEW' } });
  });

  it('does not keep failed answers or one-time values', async () => {
    const db = testDb();
    const { page, api } = fakePage('/crm/users', { crm_token: JWT });
    const { client } = api({ cache: responseCache(db) });
    page.answer = () => json({ password: 'Secret-123456' });
    await client.GET('/api/admin/generate-password');
    page.answer = () => json({ code: 'FORBIDDEN', message: 'Нет прав' }, 403);
    await client.GET('/api/user/list').catch(() => undefined);
    expect(await db.cache.count()).toBe(0);
  });

  it('forgets the back-office copies when the staff session expires', async () => {
    const db = testDb();
    const { page, api } = fakePage('/crm/home', { crm_token: JWT });
    const { client } = api({ cache: responseCache(db) });
    page.answer = () => json([]);
    await client.GET('/api/partner');
    expect(await db.cache.count()).toBe(1);
    page.answer = () => json({ code: 'UNAUTHORIZED', message: 'x' }, 401);
    await client.GET('/api/partner').catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await db.cache.count()).toBe(0);
  });
});
