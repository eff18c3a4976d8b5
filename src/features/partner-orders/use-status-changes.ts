/** The latest status change queued on this device for each of the given orders, live from the outbox. */
import { useLiveQuery } from 'dexie-react-hooks';
import type { AppDatabase, OutboxEntry } from '../../db/schema';
import { isStatusChange } from '../../db/status-changes';

export function useStatusChanges(db: AppDatabase, orderIds: readonly number[]): Map<number, OutboxEntry> {
  // The ids compared by value: a new array of the same ids must not run the query again.
  const key = orderIds.join(',');
  const entries = useLiveQuery(
    async () =>
      orderIds.length
        ? db.outbox
            .where('orderId')
            .anyOf([...orderIds])
            .toArray()
        : [],
    [db, key],
  );
  const latest = new Map<number, OutboxEntry>();
  for (const entry of entries ?? []) {
    if (!isStatusChange(entry) || entry.orderId === undefined) continue;
    const known = latest.get(entry.orderId);
    if (!known || entry.createdAt > known.createdAt) latest.set(entry.orderId, entry);
  }
  return latest;
}
