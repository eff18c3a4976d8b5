/**
 * The seam for replaying queued order drafts (the outbox in Dexie, src/db) from the worker when
 * Background Sync fires. The replay itself belongs to the order-submission issue: until it lands
 * the app sends its outbox from the page, and this listener only acknowledges the event so that
 * Chromium does not keep retrying it. That issue replaces replayOutbox's body and nothing else.
 */

declare const self: ServiceWorkerGlobalScope;

/** The tag the app registers with registration.sync.register(OUTBOX_SYNC_TAG). */
export const OUTBOX_SYNC_TAG = 'outbox';

/** Background Sync is Chromium-only and absent from TypeScript's WebWorker lib. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

async function replayOutbox(): Promise<void> {
  // Intentionally empty in this release: the page replays the outbox (see the file comment).
}

export function registerOutboxSync(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(replayOutbox());
  });
}
