/**
 * A cached answer as live React state: it updates when the gateway writes a fresher copy.
 * undefined while IndexedDB is being read; null when there is no copy or no usable IndexedDB
 * (private modes, a closed connection) — the screen then works from the network alone.
 *
 * The database comes from a source: where the page has loaded it, it is read at once; where the
 * device has none yet (a first visit of the order form), the answer is null without loading
 * Dexie, and the entry is watched from the moment something opens the database.
 */
import { useEffect, useState } from 'react';
import type { DatabaseSource } from './database-source';
import type { AppDatabase, CachedResponse } from './schema';

interface Read {
  key: string | null;
  entry: CachedResponse | null;
}

export function useCacheEntry(source: DatabaseSource, key: string | null): CachedResponse | null | undefined {
  const [read, setRead] = useState<Read | undefined>(undefined);

  useEffect(() => {
    if (!key) {
      setRead({ key, entry: null });
      return;
    }
    let live = true;
    const stops: (() => void)[] = [];
    const show = (entry: CachedResponse | null) => {
      if (live) setRead({ key, entry });
    };
    const watch = async (db: AppDatabase) => {
      // Dexie is loaded with the database, so this import is answered from memory.
      const { liveQuery } = await import('dexie');
      if (!live) return;
      const subscription = liveQuery(async () => (await db.cache.get(key)) ?? null).subscribe({
        next: show,
        error: () => show(null),
      });
      stops.push(() => subscription.unsubscribe());
    };
    const open = () => void source.open().then(watch, () => show(null));

    const db = source.loaded();
    if (db) void watch(db);
    else
      void source.inUse().then((inUse) => {
        if (!live) return;
        if (inUse) return open();
        show(null);
        stops.push(source.whenInUse(open));
      });
    return () => {
      live = false;
      for (const stop of stops) stop();
    };
  }, [source, key]);

  // Right after a filter or a page changes, the state is the copy of the one before, which must
  // not show as this one's.
  return read && read.key === key ? read.entry : undefined;
}
