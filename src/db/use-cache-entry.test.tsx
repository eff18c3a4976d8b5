// @vitest-environment happy-dom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CachedResponse } from './schema';
import { testDb } from './test-db';
import { useCacheEntry } from './use-cache-entry';

afterEach(cleanup);

const copy = (key: string, value: unknown): CachedResponse => ({
  key,
  context: 'cabinet',
  operation: '/api/user/notifications',
  value,
  fetchedAt: 1,
});

describe('useCacheEntry', () => {
  it("never answers a new key with the old key's copy while IndexedDB is read", async () => {
    const db = testDb();
    await db.cache.bulkPut([copy('unread', ['только непрочитанные']), copy('all', ['все'])]);
    const renders: { asked: string; got: string | null | undefined }[] = [];
    const { result, rerender } = renderHook(
      ({ key }: { key: string }) => {
        const entry = useCacheEntry(db, key);
        renders.push({ asked: key, got: entry === undefined || entry === null ? entry : entry.key });
        return entry;
      },
      { initialProps: { key: 'unread' } },
    );
    await waitFor(() => expect(result.current?.value).toEqual(['только непрочитанные']));
    // Another filter: the list of the first must not show under it, even for one render.
    rerender({ key: 'all' });
    await waitFor(() => expect(result.current?.value).toEqual(['все']));
    expect(renders.filter((render) => typeof render.got === 'string' && render.got !== render.asked)).toEqual(
      [],
    );
  });
});
