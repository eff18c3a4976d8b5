/** The outbox for screens: entries not sent yet, newest first, live. */
import { useLiveQuery } from 'dexie-react-hooks';
import type { AppDatabase, OutboxEntry } from './schema';

export function useUnsentEntries(db: AppDatabase): OutboxEntry[] | undefined {
  return useLiveQuery(async () => {
    const entries = await db.outbox.where('status').anyOf('pending', 'sending', 'failed').toArray();
    return entries.sort((a, b) => b.createdAt - a.createdAt);
  }, [db]);
}

/** How many entries (of one operation, when given) wait or failed; 0 while reading. */
export function useUnsentCount(db: AppDatabase, operation?: string): number {
  return (
    useLiveQuery(async () => {
      try {
        const unsent = db.outbox.where('status').anyOf('pending', 'sending', 'failed');
        return await (operation ? unsent.filter((entry) => entry.operation === operation) : unsent).count();
      } catch {
        return 0;
      }
    }, [db, operation]) ?? 0
  );
}

export function useOutboxEntry(db: AppDatabase, id: string | undefined): OutboxEntry | null | undefined {
  return useLiveQuery(async () => (id ? ((await db.outbox.get(id)) ?? null) : null), [db, id]);
}
