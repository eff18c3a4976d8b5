/**
 * A cached answer as live React state: it updates when the gateway writes a fresher copy.
 * undefined while IndexedDB is being read; null when there is no copy or no usable IndexedDB
 * (private modes, a closed connection) — the screen then works from the network alone.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { AppDatabase, CachedResponse } from './schema';

export function useCacheEntry(db: AppDatabase, key: string | null): CachedResponse | null | undefined {
  const entry = useLiveQuery(async () => {
    if (!key) return null;
    try {
      return (await db.cache.get(key)) ?? null;
    } catch {
      return null;
    }
  }, [db, key]);
  // useLiveQuery keeps the last result until the query for new deps answers: right after a filter
  // or a page changes, that is the copy of the one before, which must not show as this one's.
  return entry && entry.key !== key ? undefined : entry;
}
