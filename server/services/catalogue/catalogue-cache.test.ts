import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { documentTypes } from '../../db/schema';
import { ifNoneMatchHits } from '../../http/etag';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { createCatalogueCache } from './catalogue-cache';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const get = (headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: '/api/order/form-params', headers });

describe('the catalogue over a slow network', () => {
  it('answers 304 with no body when the client already holds the current copy', async () => {
    const first = await get();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get({ 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });
});

describe('createCatalogueCache', () => {
  it('shows a price change after the TTL, or at once when invalidated, with a new ETag', async () => {
    let clock = 0;
    const db = server.context.db;
    const cache = createCatalogueCache(db, { ttlMs: 1000, now: () => clock });
    const before = await cache.formParams();
    await db.update(documentTypes).set({ price: 1250 }).where(eq(documentTypes.id, 1));
    try {
      expect(await cache.formParams()).toBe(before);
      clock = 1000;
      const after = await cache.formParams();
      expect(JSON.parse(after.json).documents[0].price).toBe(1250);
      expect(after.etag).not.toBe(before.etag);
      await db.update(documentTypes).set({ price: 1200 }).where(eq(documentTypes.id, 1));
      cache.invalidate();
      expect(JSON.parse((await cache.formParams()).json).documents[0].price).toBe(1200);
    } finally {
      await db.update(documentTypes).set({ price: 1200 }).where(eq(documentTypes.id, 1));
    }
  });

  it('loads once for many simultaneous visitors and does not keep a failed load', async () => {
    let selects = 0;
    let fail = true;
    const db = new Proxy(server.context.db, {
      get(target, key, receiver) {
        if (key === 'select') {
          return (...args: unknown[]) => {
            selects++;
            if (fail) throw new Error('database is down');
            return (target.select as (...a: unknown[]) => unknown)(...args);
          };
        }
        return Reflect.get(target, key, receiver);
      },
    }) as Database;
    const cache = createCatalogueCache(db);
    await expect(cache.formParams()).rejects.toThrow('database is down');
    fail = false;
    selects = 0;
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.formParams()));
    expect(new Set(answers).size).toBe(1);
    // Documents, assurances, deliveries and the work calendar: one load for all twenty.
    expect(selects).toBe(4);
  });
});

describe('ifNoneMatchHits', () => {
  it('matches strong, weak, listed and wildcard validators', () => {
    expect(ifNoneMatchHits('"a"', '"a"')).toBe(true);
    expect(ifNoneMatchHits('W/"a"', '"a"')).toBe(true);
    expect(ifNoneMatchHits('"x", "a"', '"a"')).toBe(true);
    expect(ifNoneMatchHits('*', '"a"')).toBe(true);
    expect(ifNoneMatchHits('"b"', '"a"')).toBe(false);
    expect(ifNoneMatchHits(undefined, '"a"')).toBe(false);
  });
});
