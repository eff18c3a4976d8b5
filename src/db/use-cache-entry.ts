/**
 * A cached answer as live React state: it updates when the gateway writes a fresher copy.
 * undefined while IndexedDB is being read; null when there is no copy or no usable IndexedDB
 * (private modes, a closed connection) — the screen then works from the network alone.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { AppDatabase, CachedResponse } from './schema';

export function useCacheEntry(db: AppDatabase, key: string | null): CachedResponse | null | undefined {
  return useLiveQuery(async () => {
    if (!key) return null;
    try {
      return (await db.cache.get(key)) ?? null;
    } catch {
      return null;
    }
  }, [db, key]);
}
