/**
 * What the outbox holds, read for screens (their live hooks live with the features). Light on
 * purpose: the shell reads these counts on every start, before any replay code is loaded.
 */
import type { AppDatabase, OutboxEntry } from '../db/schema';

/** Not sent yet: waiting, being sent, or refused and waiting for the user. */
const UNSENT = ['pending', 'sending', 'failed'] as const;

/** The entries not sent yet (of one operation, when given), newest first. */
export async function unsentEntries(db: AppDatabase, operation?: string): Promise<OutboxEntry[]> {
  const entries = await db.outbox.where('status').anyOf(UNSENT).toArray();
  return entries
    .filter((entry) => !operation || entry.operation === operation)
    .sort((a, b) => b.createdAt - a.createdAt);
}

/** How many entries (of one operation, when given) wait or failed; 0 when IndexedDB cannot be read. */
export async function unsentCount(db: AppDatabase, operation?: string): Promise<number> {
  try {
    const unsent = db.outbox.where('status').anyOf(UNSENT);
    return await (operation ? unsent.filter((entry) => entry.operation === operation) : unsent).count();
  } catch {
    return 0;
  }
}

/** How many entries were sent (kept for the success page and the «принят» notice); 0 on error. */
export function sentCount(db: AppDatabase): Promise<number> {
  return db.outbox
    .where('status')
    .equals('sent')
    .count()
    .catch(() => 0);
}

export async function outboxEntry(db: AppDatabase, id: string | undefined): Promise<OutboxEntry | null> {
  return id ? ((await db.outbox.get(id)) ?? null) : null;
}
