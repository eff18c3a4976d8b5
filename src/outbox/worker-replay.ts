/**
 * The service worker's half of the outbox: when Background Sync fires (the network is back, even
 * with no tab open) the worker sends the queued orders and status changes with the same replay the
 * page uses, tells open pages, and — when nobody is looking — puts the numbers of orders accepted
 * after waiting into system notifications. Written against the small WorkerSide below rather than
 * the worker's globals, so it runs in unit tests; sw/outbox-sync.ts binds it to the real worker.
 * A 401 here leaves the entry for the page, which holds the fresh token; the worker never resends
 * an entry without the token it was queued with (docs/decisions/0006).
 */
import type { AppDatabase, OutboxEntry } from '../db/schema';
import { acceptedNews, acceptedText, markAcceptedSeen } from './accepted-orders';
import { type OutboxReplayedMessage, outboxReplayed } from './messages';
import { replayOrderFiles } from './order-files';
import { replayOrderMessage } from './order-messages';
import { nextDueAt, replayOutbox } from './replay';

/** An order accepted after waiting, as a notification: what to say and where a tap leads. */
export interface AcceptedNotification {
  title: string;
  body: string;
  url: string;
  tag: string;
}

export interface WorkerSide {
  fetch: typeof fetch;
  /** The open windows of the app. */
  pages(): Promise<readonly { visible: boolean; postMessage(message: OutboxReplayedMessage): void }[]>;
  /** The user has allowed notifications. */
  mayNotify(): boolean;
  notify(notification: AcceptedNotification): Promise<void>;
}

/** Both kinds of entry keep the token they were queued with. */
const queuedToken = (entry: OutboxEntry) =>
  (entry.payload as { token?: string | null } | null)?.token ?? null;

/**
 * One Background Sync: replays, reports, notifies. Rejects while entries still wait (offline
 * again, server busy, or not due yet after a page's failed try): the browser then syncs again
 * later, so no order waits for a page to be opened.
 */
export async function replayInWorker(db: AppDatabase, side: WorkerSide): Promise<void> {
  const summary = await replayOutbox(db, {
    fetch: side.fetch,
    tokenFor: queuedToken,
    inWorker: true,
    orderFiles: async () => replayOrderFiles,
    orderMessages: async () => replayOrderMessage,
  });
  const pages = await side.pages();
  for (const page of pages) page.postMessage(outboxReplayed(summary));
  if (summary && summary.sent > 0 && !pages.some((page) => page.visible) && side.mayNotify()) {
    await notifyAccepted(db, side);
  }
  if ((await nextDueAt(db)) !== null) throw new Error('outbox: entries still waiting');
}

/** Nobody is looking: the numbers go into notifications, and the shell's notice is not shown again. */
async function notifyAccepted(db: AppDatabase, side: WorkerSide): Promise<void> {
  const news = await acceptedNews(db);
  for (const order of news) {
    await side.notify({
      ...acceptedText(order.result),
      url: `/order/success?entry=${encodeURIComponent(order.entryId)}`,
      tag: `order-accepted-${order.entryId}`,
    });
  }
  await markAcceptedSeen(
    db,
    news.map((order) => order.entryId),
  );
}
