/** The latest status change queued on this device for each of the given orders, live from the outbox. */
import { useEffect } from 'react';
import { useLiveQuery } from '../../db/live-query';
import type { AppDatabase, OutboxEntry } from '../../db/schema';
import { latestStatusChanges } from '../../outbox/status-changes';

const NONE = new Map<number, OutboxEntry>();

export function useStatusChanges(db: AppDatabase, orderIds: readonly number[]): Map<number, OutboxEntry> {
  // The ids compared by value: a new array of the same ids must not run the query again.
  const key = orderIds.join(',');
  return useLiveQuery(() => latestStatusChanges(db, orderIds), [db, key]) ?? NONE;
}

/** A change the server answered after the page's data was read: read it again for the new status. */
export function useSettledChanges(
  changes: Map<number, OutboxEntry>,
  query: { fetchedAt: number | undefined; refetch: () => Promise<void> },
): void {
  const settled = [...changes.values()]
    .filter((entry) => entry.status !== 'pending' && entry.status !== 'sending')
    .filter((entry) => query.fetchedAt !== undefined && entry.updatedAt > query.fetchedAt)
    .map((entry) => `${entry.id}:${entry.status}`)
    .join(',');
  const { refetch } = query;
  useEffect(() => {
    if (settled) void refetch();
  }, [settled, refetch]);
}
