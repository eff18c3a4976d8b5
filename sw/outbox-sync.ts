/**
 * Binds the outbox's worker half (src/outbox/worker-replay.ts) to this service worker: the 'sync'
 * event with the outbox's tag, the open windows, and system notifications shaped like a push's.
 */
import { AppDatabase } from '../src/db/schema';
import { OUTBOX_SYNC_TAG } from '../src/outbox/messages';
import { replayInWorker } from '../src/outbox/worker-replay';
import { buildPushNotification } from './push-payload';

declare const self: ServiceWorkerGlobalScope;

/** Background Sync is Chromium-only and absent from TypeScript's WebWorker lib. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

let db: AppDatabase | undefined;

function replayFromWorker(): Promise<void> {
  db ??= new AppDatabase();
  return replayInWorker(db, {
    fetch: (input, init) => fetch(input, init),
    pages: async () =>
      (await self.clients.matchAll({ type: 'window' })).map((page) => ({
        visible: page.visibilityState === 'visible',
        postMessage: (message) => page.postMessage(message),
      })),
    mayNotify: () => globalThis.Notification?.permission === 'granted',
    notify: async (order) => {
      const { title, options } = buildPushNotification(JSON.stringify(order), self.location.origin);
      await self.registration.showNotification(title, options);
    },
  });
}

export function registerOutboxSync(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(replayFromWorker());
  });
}
