/**
 * Queuing an entry that belongs to one order (files added later, a conversation's message): the
 * entry is written with its own Idempotency-Key, and sent entries of the same kind older than a
 * day go in the same transaction — by then the order's page reads them from the server.
 */
import type { AppDatabase, OutboxEntry } from '../db/schema';

const SENT_KEPT_MS = 24 * 60 * 60 * 1000;

export async function enqueueOrderEntry(
  db: AppDatabase,
  entry: Pick<OutboxEntry, 'operation' | 'payload' | 'orderId'>,
  sameKind: (old: OutboxEntry) => boolean,
  now: number,
): Promise<OutboxEntry> {
  const queued: OutboxEntry = {
    ...entry,
    id: crypto.randomUUID(),
    idempotencyKey: crypto.randomUUID(),
    status: 'pending',
    attempts: 0,
    lastError: null,
    createdAt: now,
    updatedAt: now,
  };
  await db.transaction('rw', db.outbox, async () => {
    const oldSent = await db.outbox
      .where('status')
      .equals('sent')
      .filter((old) => sameKind(old) && old.updatedAt < now - SENT_KEPT_MS)
      .primaryKeys();
    await db.outbox.bulkDelete(oldSent);
    await db.outbox.add(queued);
  });
  return queued;
}
