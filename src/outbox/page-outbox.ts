/**
 * The page's half of the outbox: queue an order (or a partner's status change) and send it now if
 * the network allows; replay on start, when the network comes back, when the tab is shown again,
 * after the back-off time, and when the service worker reports. The worker's Background Sync
 * (sw/outbox-sync.ts, worker-replay.ts) covers the time no tab is open. Page only: uses window,
 * document and the session tokens in localStorage.
 */
import { readToken } from '../api/tokens';
import { appDb } from '../db/app-db';
import { reopenDraft } from '../db/drafts';
import type { AppDatabase, OrderCreate, OutboxEntry } from '../db/schema';
import { pageTokenFor } from './caller-token';
import { ORDER_FILES_OPERATION } from './kinds';
import { isMessageOperation } from './message-kinds';
import { isOutboxReplayed, OUTBOX_SYNC_TAG } from './messages';
import type { OrderFilesPayload } from './order-files';
import type { OrderMessagePayload } from './order-messages';
import { enqueueOrder } from './orders';
import { nextDueAt, replayOutbox } from './replay';
import {
  enqueueStatusChange,
  isStatusChange,
  type StatusChangePayload,
  statusChangeOf,
} from './status-changes';

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

async function askWorkerToSync(): Promise<void> {
  try {
    const registration = (await navigator.serviceWorker?.ready) as
      | (ServiceWorkerRegistration & SyncRegistration)
      | undefined;
    await registration?.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync (Firefox, Safari) or no worker yet: the page's own triggers remain.
  }
}

let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Sends what is due now and sets a timer for the next entry waiting out its back-off. With
 * `retryNetworkNow` (the 'online' event, «Отправить сейчас») what waited only for the network is
 * due at once.
 */
export async function replayFromPage(db: AppDatabase = appDb(), retryNetworkNow = false): Promise<void> {
  await replayOutbox(db, {
    retryNetworkNow,
    fetch: (input, init) => fetch(input, init),
    // An entry keeps the caller it was queued as: its Idempotency-Key is scoped to that caller.
    // A status change is the back office's (a partner's); an order is the cabinet's or anonymous.
    tokenFor: (entry) => {
      if (isStatusChange(entry)) return readToken('crm') ?? statusChangeOf(entry).token;
      if (entry.operation === ORDER_FILES_OPERATION) {
        return readToken('cabinet') ?? (entry.payload as Pick<OrderFilesPayload, 'token'>).token;
      }
      if (isMessageOperation(entry.operation)) {
        const { writer, token } = entry.payload as Pick<OrderMessagePayload, 'writer' | 'token'>;
        return readToken(writer === 'customer' ? 'cabinet' : 'crm') ?? token;
      }
      return pageTokenFor(entry, readToken('cabinet'));
    },
    inWorker: false,
    orderFiles: async () => (await import('./order-files')).replayOrderFiles,
    orderMessages: async () => (await import('./order-messages')).replayOrderMessage,
  });
  const due = await nextDueAt(db);
  clearTimeout(timer);
  if (due !== null) timer = setTimeout(() => void replayFromPage(db), Math.max(1_000, due - Date.now()));
}

/** Step 4's «Отправить»: the draft becomes an outbox entry and is sent at once when possible. */
export async function submitDraft(db: AppDatabase, draftId: string, body: OrderCreate): Promise<OutboxEntry> {
  const entry = await enqueueOrder(db, draftId, body, readToken('cabinet'));
  void askWorkerToSync();
  await replayFromPage(db);
  // The page's own triggers ('online' above all) from now on, as after the other sends, not only
  // once the pending-orders notice has seen the entry: a connection back within that moment would
  // otherwise wait out the back-off.
  startOutbox(db);
  return (await db.outbox.get(entry.id)) ?? entry;
}

/**
 * A partner's confirmed move: queued first, so a change made offline (or lost on the way) waits in
 * the outbox with its key, then sent at once when possible. Answers the entry as it ended up.
 */
export async function submitStatusChange(
  db: AppDatabase,
  change: Omit<StatusChangePayload, 'token' | 'comment'> & { comment?: string | null },
): Promise<OutboxEntry> {
  const entry = await enqueueStatusChange(db, { ...change, token: readToken('crm') });
  void askWorkerToSync();
  await replayFromPage(db);
  startOutbox(db);
  return (await db.outbox.get(entry.id)) ?? entry;
}

/**
 * The cabinet's «Отправить файлы»: the files are queued with their bytes first (so files chosen
 * offline, or lost on the way, wait in the outbox with their key), then sent at once when possible.
 */
export async function submitOrderFiles(
  db: AppDatabase,
  files: Omit<OrderFilesPayload, 'token'>,
): Promise<OutboxEntry> {
  const { enqueueOrderFiles } = await import('./order-files');
  const entry = await enqueueOrderFiles(db, { ...files, token: readToken('cabinet') });
  void askWorkerToSync();
  await replayFromPage(db);
  startOutbox(db);
  return (await db.outbox.get(entry.id)) ?? entry;
}

/**
 * «Отправить» in an order's conversation: the message is queued with its files first (so one written
 * offline, or lost on the way, waits in the outbox with its key), then sent at once when possible.
 */
export async function submitOrderMessage(
  db: AppDatabase,
  message: Omit<OrderMessagePayload, 'token'>,
): Promise<OutboxEntry> {
  const { enqueueOrderMessage } = await import('./order-messages');
  const token = readToken(message.writer === 'customer' ? 'cabinet' : 'crm');
  const entry = await enqueueOrderMessage(db, { ...message, token });
  void askWorkerToSync();
  await replayFromPage(db);
  startOutbox(db);
  return (await db.outbox.get(entry.id)) ?? entry;
}

let started = false;

/** Called once there is something queued: replays it now and whenever sending may work again. */
export function startOutbox(db: AppDatabase = appDb()): void {
  if (started) return;
  started = true;
  const replay = () => void replayFromPage(db).catch(() => undefined);
  window.addEventListener('online', () => void replayFromPage(db, true).catch(() => undefined));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') replay();
  });
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    if (isOutboxReplayed(event.data)) replay();
  });
  replay();
}

/** «Исправить» on a refused order: its draft is editable again (with a new key); the entry goes. */
export async function reopenRefused(db: AppDatabase, entry: OutboxEntry): Promise<void> {
  if (entry.draftId) await reopenDraft(db, entry.draftId);
  await db.outbox.delete(entry.id);
}
