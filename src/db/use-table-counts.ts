/** How many order drafts and queued submissions the device holds (the /debug page shows them). */
import { useLiveQuery } from 'dexie-react-hooks';
import type { AppDatabase } from './schema';

export interface TableCounts {
  drafts: number;
  outbox: number;
}

/** undefined while reading; null when IndexedDB cannot be read. */
export function useTableCounts(db: AppDatabase): TableCounts | null | undefined {
  return useLiveQuery(async () => {
    try {
      const [drafts, outbox] = await Promise.all([db.drafts.count(), db.outbox.count()]);
      return { drafts, outbox };
    } catch {
      return null;
    }
  }, [db]);
}
