/**
 * Sending what waits in the outbox: orders (orders.ts), partners' status changes
 * (status-changes.ts), files added to placed orders (order-files.ts) and messages of an order's
 * conversation (order-messages.ts), oldest first, by whichever of the page
 * and the service worker gets there first, and never twice. One replay at a time per device: a Web
 * Lock where the platform has one, and in any case a pending → sending step inside a Dexie
 * transaction, so two replays never send one entry.
 */
import type { AppDatabase, OutboxEntry } from '../db/schema';
import { ORDER_FILES_OPERATION, ORDER_OPERATION, STATUS_OPERATION } from './kinds';
import { isMessageOperation } from './message-kinds';
import type { replayOrderFiles } from './order-files';
import type { replayOrderMessage } from './order-messages';
import { replayOrder } from './orders';
import { NETWORK_MESSAGE, type ReplayEnvironment } from './send';
import { replayStatusChange } from './status-changes';

/** A replay that died mid-send (tab closed) leaves 'sending'; after this it is due again. */
const STALE_SENDING_MS = 2 * 60_000;

/** The Web Lock every replay of this device takes, page or worker. */
const LOCK_NAME = 'perevod-outbox';

/**
 * A replay's environment, and how it gets the senders of the files and the messages kinds: the page
 * loads them only when such an entry waits (the order form's first screen has a budget), the
 * service worker has them at hand.
 * Not an import() here: in the worker's classic script the bundler's loader for one does not run,
 * and the whole worker failed to start.
 */
export interface ReplayOptions extends ReplayEnvironment {
  orderFiles: () => Promise<typeof replayOrderFiles>;
  orderMessages: () => Promise<typeof replayOrderMessage>;
}

/** How many entries ended how, orders and status changes together. */
export interface ReplaySummary {
  sent: number;
  waiting: number;
  failed: number;
}

/** Takes the due entries for this replay (pending → sending), atomically. */
async function claimDue(db: AppDatabase, now: number, retryNetworkNow = false): Promise<OutboxEntry[]> {
  return db.transaction('rw', db.outbox, async () => {
    const due = await db.outbox
      .filter(
        (entry) =>
          (entry.status === 'pending' &&
            ((entry.nextAttemptAt ?? 0) <= now ||
              (retryNetworkNow && entry.lastError === NETWORK_MESSAGE))) ||
          (entry.status === 'sending' && entry.updatedAt < now - STALE_SENDING_MS),
      )
      .toArray();
    for (const entry of due) await db.outbox.update(entry.id, { status: 'sending', updatedAt: now });
    // Oldest first: two messages written offline reach the thread in the order they were written.
    return due.sort((a, b) => a.createdAt - b.createdAt);
  });
}

async function replayUnlocked(db: AppDatabase, env: ReplayOptions): Promise<ReplaySummary> {
  const summary: ReplaySummary = { sent: 0, waiting: 0, failed: 0 };
  const now = env.now ?? Date.now;
  for (const entry of await claimDue(db, now(), env.retryNetworkNow)) {
    if (entry.operation === STATUS_OPERATION) summary[await replayStatusChange(db, entry, env)] += 1;
    else if (entry.operation === ORDER_OPERATION) summary[await replayOrder(db, entry, env)] += 1;
    else if (entry.operation === ORDER_FILES_OPERATION) {
      const replayFiles = await env.orderFiles();
      summary[await replayFiles(db, entry, env)] += 1;
    } else if (isMessageOperation(entry.operation)) {
      const replayMessage = await env.orderMessages();
      summary[await replayMessage(db, entry, env)] += 1;
    }
  }
  return summary;
}

interface LockManagerLike {
  request<T>(
    name: string,
    options: { ifAvailable: boolean },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
}

/**
 * Sends what is due. When another replay holds the lock it is already doing this: returns null.
 * Except for a replay that brings forward what waits for the network (`retryNetworkNow`: the
 * connection is back, «Отправить сейчас»): the one running may have passed those entries over as
 * not yet due, so this one waits for its turn instead of being dropped.
 */
export async function replayOutbox(db: AppDatabase, env: ReplayOptions): Promise<ReplaySummary | null> {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  if (!locks) return replayUnlocked(db, env);
  return locks.request(LOCK_NAME, { ifAvailable: env.retryNetworkNow !== true }, async (lock) =>
    lock ? replayUnlocked(db, env) : null,
  );
}

/** The soonest time an entry waits for, to schedule the next replay. */
export async function nextDueAt(db: AppDatabase): Promise<number | null> {
  const pending = await db.outbox.where('status').equals('pending').toArray();
  const times = pending.map((entry) => entry.nextAttemptAt ?? 0);
  return times.length ? Math.min(...times) : null;
}
