/**
 * Background Sync for the outbox: when the browser says the network is back (even with no tab
 * open), the worker sends the queued orders and partners' status changes with the same replay the
 * page uses (src/db/outbox.ts), and tells open pages so they show the outcome. A 401 here leaves
 * the entry for the page, which holds the fresh token; the worker never resends an entry without
 * the token it was queued with.
 */
import { nextDueAt, replayOutbox } from '../src/db/outbox';
import { AppDatabase } from '../src/db/schema';
import { acceptedNews, acceptedText, markAcceptedSeen } from '../src/outbox/accepted-orders';
import { buildPushNotification } from './push-payload';

declare const self: ServiceWorkerGlobalScope;

/** The tag the app registers with registration.sync.register(OUTBOX_SYNC_TAG). */
export const OUTBOX_SYNC_TAG = 'outbox';

/** Background Sync is Chromium-only and absent from TypeScript's WebWorker lib. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

let db: AppDatabase | undefined;

async function replayFromWorker(): Promise<void> {
  db ??= new AppDatabase();
  const database = db;
  const summary = await replayOutbox(database, {
    fetch: (input, init) => fetch(input, init),
    // Both kinds of entry keep the token they were queued with (docs/decisions/0006).
    tokenFor: (entry) => (entry.payload as { token?: string | null }).token ?? null,
    inWorker: true,
  });
  const pages = await self.clients.matchAll({ type: 'window' });
  for (const page of pages) page.postMessage({ type: 'outbox-replayed', summary });
  if (summary && summary.sent > 0 && !pages.some((page) => page.visibilityState === 'visible')) {
    await notifyAccepted(database);
  }
  // Anything still pending (offline again, server busy, or not due yet after a page's failed try):
  // a rejected promise asks the browser to sync again later, so no order waits for a page.
  if ((await nextDueAt(database)) !== null) throw new Error('outbox: entries still waiting');
}

/**
 * Nobody is looking at the app: the order number goes into a system notification (when the user
 * allowed them), and the shell's notice is then not shown again for the same order.
 */
async function notifyAccepted(database: AppDatabase): Promise<void> {
  if (globalThis.Notification?.permission !== 'granted') return;
  const news = await acceptedNews(database);
  for (const order of news) {
    const { title, body } = acceptedText(order.result);
    const url = `/order/success?entry=${encodeURIComponent(order.entryId)}`;
    const notification = buildPushNotification(
      JSON.stringify({ title, body, url, tag: `order-accepted-${order.entryId}` }),
      self.location.origin,
    );
    await self.registration.showNotification(notification.title, notification.options);
  }
  await markAcceptedSeen(
    database,
    news.map((order) => order.entryId),
  );
}

export function registerOutboxSync(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(replayFromWorker());
  });
}
