/**
 * The outbox's third kind of entry: files a customer adds to their placed order from the cabinet
 * (POST /api/user/orders/{id}/files), queued with their bytes so files chosen offline are sent
 * when the network is back, by the page or the service worker, under the same lock and claim as
 * orders (replay.ts), and shown on the order's page until the server takes them.
 *
 * - The entry's Idempotency-Key is made when the customer sends the files; the server keeps it,
 *   so a repeat after a lost answer adds nothing twice.
 * - 404 (no such order of theirs) and 409 (the bureau started the work meanwhile) are refusals
 *   shown with the server's reason, never retried: only the customer can decide what to do.
 *   Other 4xx refuse too; network errors, 429 and 5xx retry with back-off.
 * - The entry keeps the cabinet token it was queued with (the worker sends with it; the page
 *   with its fresh one).
 */
import type { AppDatabase, OutboxEntry } from '../db/schema';
import type { OrderFilesAdded } from './contract';
import { ORDER_FILES_OPERATION } from './kinds';
import { enqueueOrderEntry } from './order-entries';
import {
  afterFailure,
  answerOf,
  attempt,
  call,
  failureOf,
  messageOf,
  type ReplayEnvironment,
  readErrorBody,
  SendFailure,
} from './send';

export interface QueuedOrderFile {
  name: string;
  size: number;
  type: string;
  blob: Blob;
}

export interface OrderFilesPayload {
  orderId: number;
  orderNumber: string;
  files: QueuedOrderFile[];
  /** The cabinet token when the files were queued; the page sends its current one instead. */
  token: string | null;
}

/** What the entry keeps of the answer: how many files the order has now. */
export interface OrderFilesResult {
  files: number;
}

export const isOrderFiles = (entry: OutboxEntry) => entry.operation === ORDER_FILES_OPERATION;

export const orderFilesOf = (entry: OutboxEntry) => entry.payload as OrderFilesPayload;

/** Queues the files for the order; old sent entries of any order go. */
export async function enqueueOrderFiles(
  db: AppDatabase,
  payload: OrderFilesPayload,
  now = Date.now(),
): Promise<OutboxEntry> {
  return enqueueOrderEntry(
    db,
    { operation: ORDER_FILES_OPERATION, payload, orderId: payload.orderId },
    isOrderFiles,
    now,
  );
}

/** The order's files still waiting or refused on this device, oldest first. */
export async function waitingOrderFiles(db: AppDatabase, orderId: number): Promise<OutboxEntry[]> {
  const entries = await db.outbox.where('orderId').equals(orderId).toArray();
  return entries
    .filter((entry) => isOrderFiles(entry) && entry.status !== 'sent')
    .sort((a, b) => a.createdAt - b.createdAt);
}

/** A refusal the customer has read: the entry and its bytes go. */
export async function dismissOrderFiles(db: AppDatabase, entryId: string): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(entryId);
    if (entry && isOrderFiles(entry) && entry.status === 'failed') await db.outbox.delete(entryId);
  });
}

async function send(entry: OutboxEntry, env: ReplayEnvironment): Promise<OrderFilesResult> {
  const { orderId, files } = orderFilesOf(entry);
  const token = env.tokenFor(entry);
  const form = new FormData();
  for (const file of files) form.append('files', file.blob, file.name);
  const response = await call(
    env,
    '/api/user/orders/{id}/files',
    {
      method: 'POST',
      headers: {
        'idempotency-key': entry.idempotencyKey,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: form,
    },
    { id: orderId },
  );
  if (response.ok) {
    const detail = await answerOf<OrderFilesAdded>(response);
    return { files: detail.order.files.length };
  }
  const body = await readErrorBody(response);
  if (response.status === 404 || response.status === 409) {
    throw new SendFailure(messageOf(body) || 'Файлы не приняты', false);
  }
  throw await failureOf(response, env, body);
}

/** Sends one claimed entry and records the outcome; says how it ended. */
export async function replayOrderFiles(
  db: AppDatabase,
  entry: OutboxEntry,
  env: ReplayEnvironment,
): Promise<'sent' | 'waiting' | 'failed'> {
  const now = env.now ?? Date.now;
  const outcome = await attempt(() => send(entry, env));
  if (outcome instanceof SendFailure) {
    await db.outbox.update(entry.id, afterFailure(entry, outcome, now()));
    return outcome.retry ? 'waiting' : 'failed';
  }
  // The bytes are on the server now: the entry keeps only what the page says about it.
  await db.outbox.update(entry.id, {
    status: 'sent',
    result: outcome,
    lastError: null,
    updatedAt: now(),
    payload: { ...orderFilesOf(entry), files: [] },
  });
  return 'sent';
}
