import { describe, expect, it } from 'vitest';
import { cacheKey, responseCache, stableStringify } from './cache';
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
