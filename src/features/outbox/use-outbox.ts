/** The outbox for screens: what waits to be sent, live (the queries are src/outbox/queue.ts). */

import { useLiveQuery } from '../../db/live-query';
import type { AppDatabase, OutboxEntry } from '../../db/schema';
import { sentCount, unsentCount, unsentEntries } from '../../outbox/queue';

/** Entries not sent yet (of one operation, when given), newest first; undefined while reading. */
export function useUnsentEntries(db: AppDatabase, operation?: string): OutboxEntry[] | undefined {
  return useLiveQuery(() => unsentEntries(db, operation), [db, operation]);
}

/** How many entries (of one operation, when given) wait or failed; 0 while reading. */
export function useUnsentCount(db: AppDatabase, operation?: string): number {
  return useLiveQuery(() => unsentCount(db, operation), [db, operation]) ?? 0;
}

/** How many entries were sent; 0 while reading. */
export function useSentCount(db: AppDatabase): number {
  return useLiveQuery(() => sentCount(db), [db]) ?? 0;
}
