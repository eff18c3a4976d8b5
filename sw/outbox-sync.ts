/**
 * Background Sync for the outbox: when the browser says the network is back (even with no tab
 * open), the worker sends the queued orders with the same replay the page uses (src/db/outbox.ts),
 * and tells open pages so they show the outcome. A 401 here leaves the entry for the page, which
 * holds the fresh token; the worker never resends an order without the customer's token.
 */
import { type OrderEntryPayload, replayOutbox } from '../src/db/outbox';
import { AppDatabase } from '../src/db/schema';

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
  const summary = await replayOutbox(db, {
    fetch: (input, init) => fetch(input, init),
    tokenFor: (entry) => (entry.payload as OrderEntryPayload).token,
    inWorker: true,
  });
  const pages = await self.clients.matchAll({ type: 'window' });
  for (const page of pages) page.postMessage({ type: 'outbox-replayed', summary });
  if (summary && summary.waiting > 0) {
    // Still offline or the server is busy: a rejected promise asks the browser to sync again later.
    throw new Error(`outbox: ${summary.waiting} order(s) still waiting`);
  }
}

export function registerOutboxSync(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(replayFromWorker());
  });
}
