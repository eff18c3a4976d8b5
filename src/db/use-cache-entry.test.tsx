// @vitest-environment happy-dom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseSource, databaseSourceOf } from './database-source';
import { createDatabasePresence } from './presence';
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
        const entry = useCacheEntry(databaseSourceOf(db), key);
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

  it('answers «no copy» on a device without the database, without opening it, and shows the copy once it is in use', async () => {
    const db = testDb();
    await db.cache.put(copy('all', ['все']));
    // A device that has never stored anything: the presence finds no database of this name.
    const presence = createDatabasePresence(() => ({ databases: async () => [] }));
    let opened = 0;
    const source: DatabaseSource = {
      name: db.name,
      loaded: () => undefined,
      open: async () => {
        opened += 1;
        presence.mark();
        return db;
      },
      inUse: presence.inUse,
      whenInUse: presence.whenInUse,
    };
    const { result } = renderHook(() => useCacheEntry(source, 'all'));
    await waitFor(() => expect(result.current).toBeNull());
    expect(opened).toBe(0);
    // Something of the page opens the database (the draft's first save).
    await source.open();
    await waitFor(() => expect(result.current?.value).toEqual(['все']));
    // And from then on it is live: a fresher copy written by the gateway shows.
    await db.cache.put({ ...copy('all', ['все, новее']), fetchedAt: 2 });
    await waitFor(() => expect(result.current?.value).toEqual(['все, новее']));
  });
});
