/** The outbox for screens: entries not sent yet, newest first, live. */
import { useLiveQuery } from 'dexie-react-hooks';
import type { AppDatabase, OutboxEntry } from './schema';

export function useUnsentEntries(db: AppDatabase): OutboxEntry[] | undefined {
  return useLiveQuery(async () => {
    const entries = await db.outbox.where('status').anyOf('pending', 'sending', 'failed').toArray();
    return entries.sort((a, b) => b.createdAt - a.createdAt);
  }, [db]);
}

/** How many entries wait or failed; 0 while reading. */
export function useUnsentCount(db: AppDatabase): number {
  return (
    useLiveQuery(async () => {
      try {
        return await db.outbox.where('status').anyOf('pending', 'sending', 'failed').count();
      } catch {
        return 0;
      }
    }, [db]) ?? 0
  );
}

export function useOutboxEntry(db: AppDatabase, id: string | undefined): OutboxEntry | null | undefined {
  return useLiveQuery(async () => (id ? ((await db.outbox.get(id)) ?? null) : null), [db, id]);
}
