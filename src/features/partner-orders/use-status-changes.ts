/** The latest status change queued on this device for each of the given orders, live from the outbox. */
import { useLiveQuery } from '../../db/live-query';
import type { AppDatabase, OutboxEntry } from '../../db/schema';
import { latestStatusChanges } from '../../outbox/status-changes';

const NONE = new Map<number, OutboxEntry>();

export function useStatusChanges(db: AppDatabase, orderIds: readonly number[]): Map<number, OutboxEntry> {
  // The ids compared by value: a new array of the same ids must not run the query again.
  const key = orderIds.join(',');
  return useLiveQuery(() => latestStatusChanges(db, orderIds), [db, key]) ?? NONE;
}
