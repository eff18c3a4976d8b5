import { describe, expect, it } from 'vitest';
import { cacheKey, openedOnUse, responseCache, stableStringify } from './cache';
import { createDatabasePresence } from './presence';
import { testDb } from './test-db';

describe('cache keys', () => {
  it('give the same key whatever order the parameters were written in', () => {
    const a = cacheKey('cabinet', '/api/user/orders', { query: { status: 'NEW', organizationId: 3 } });
    const b = cacheKey('cabinet', '/api/user/orders', {
      query: { organizationId: 3, status: 'NEW', other: undefined },
    });
    expect(a).toBe(b);
  });
  it("keep one customer's or one context's data apart from another's", () => {
    expect(cacheKey('crm', '/api/profile')).not.toBe(cacheKey('cabinet', '/api/profile'));
    expect(cacheKey('cabinet', '/api/user/orders/{id}', { path: { id: 1 } })).not.toBe(
      cacheKey('cabinet', '/api/user/orders/{id}', { path: { id: 2 } }),
    );
  });
  it('write nested values stably', () => {
    expect(stableStringify({ b: [2, { d: 1, c: null }], a: 'x' })).toBe('{"a":"x","b":[2,{"c":null,"d":1}]}');
  });
});

describe('stored answers', () => {
  it('are forgotten for a context when its session ends, and kept for the others', async () => {
    const db = testDb();
    const cache = responseCache(db);
    const entry = { operation: '/api/profile', value: { email: 'a@b.ru' }, fetchedAt: 1 };
    await cache.write({ ...entry, key: 'crm', context: 'crm' });
    await cache.write({ ...entry, key: 'cabinet', context: 'cabinet' });
    await cache.clearContext('crm');
    expect(await cache.read('crm')).toBeUndefined();
    expect(await cache.read('cabinet')).toMatchObject({ value: { email: 'a@b.ru' } });
  });
});

describe('the cache on a database opened on first use', () => {
  const catalogue = (fetchedAt: number) => ({
    key: cacheKey('public', '/api/order/form-params'),
    context: 'public' as const,
    operation: '/api/order/form-params',
    value: { documentTypes: [], fetchedAt },
    fetchedAt,
  });

  it('keeps a public answer in memory on a device without the database, and stores the newest once the page opens it', async () => {
    const db = testDb();
    const presence = createDatabasePresence(() => ({ databases: async () => [] }));
    let opened = 0;
    const cache = openedOnUse(async () => {
      opened += 1;
      presence.mark();
      return responseCache(db);
    }, presence);
    await cache.write(catalogue(1));
    await cache.write(catalogue(2));
    expect(opened).toBe(0);
    expect((await cache.read(catalogue(2).key))?.fetchedAt).toBe(2);

    // The draft's first save opens the database: the catalogue follows it in.
    presence.mark();
    await expect.poll(async () => (await db.cache.get(catalogue(2).key))?.fetchedAt).toBe(2);
  });

  it('writes a signed-in answer at once, opening the database', async () => {
    const db = testDb();
    const presence = createDatabasePresence(() => ({ databases: async () => [] }));
    const cache = openedOnUse(async () => {
      presence.mark();
      return responseCache(db);
    }, presence);
    await cache.write({
      key: 'orders',
      context: 'cabinet',
      operation: '/api/user/orders',
      value: [],
      fetchedAt: 1,
    });
    expect(await db.cache.get('orders')).toMatchObject({ context: 'cabinet' });
  });
});
