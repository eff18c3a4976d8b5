/**
 * The outbox's fourth kind of entry: a message of an order's conversation, written by its customer
 * in the cabinet (POST /api/user/orders/{id}/messages) or by the office on the order's card
 * (POST /api/order/{id}/messages), queued with its files' bytes so a message written offline
 * waits on the device — shown in the thread as «ждёт сети» — and is sent once when the network
 * is back, by the page or the service worker, under the same lock and claim as the other kinds.
 *
 * - The Idempotency-Key is made when the message is sent and kept for every try; the server
 *   answers a repeat with the message it already wrote, never a second one.
 * - Refusals (another's order: 404, a text or file the server will not take: 413, 415, 422) fail
 *   with the server's reason and are not retried: the writer decides. Network errors, 429 and
 *   5xx wait with the usual back-off.
 * - The entry keeps the token it was queued with (the cabinet's or the back office's): the worker
 *   sends with it, the page with its current one.
 * - Sent entries keep the message's id a day, so the thread shows the message until it has read
 *   it back from the server; their bytes go at once.
 */
import type { AppDatabase, OutboxEntry } from '../db/schema';
import type { OrderMessageSent } from './contract';
import { CUSTOMER_MESSAGE_OPERATION, isMessageOperation, OFFICE_MESSAGE_OPERATION } from './message-kinds';
import { enqueueOrderEntry } from './order-entries';
import {
  afterFailure,
  answerOf,
  attempt,
  call,
  failureOf,
  type ReplayEnvironment,
  SendFailure,
} from './send';

/** Who writes: the order's customer in the cabinet, or the office on the order's card. */
export type MessageWriter = 'customer' | 'office';

export interface QueuedMessageFile {
  name: string;
  size: number;
  type: string;
  blob: Blob;
}

export interface OrderMessagePayload {
  orderId: number;
  writer: MessageWriter;
  text: string;
  files: QueuedMessageFile[];
  /** The token when the message was queued; the page sends its current one instead. */
  token: string | null;
}

/** What a sent entry keeps of the answer: the message the server wrote. */
export interface OrderMessageResult {
  messageId: number;
}

export const isOrderMessage = (entry: OutboxEntry) => isMessageOperation(entry.operation);

export const orderMessageOf = (entry: OutboxEntry) => entry.payload as OrderMessagePayload;

export async function enqueueOrderMessage(
  db: AppDatabase,
  payload: OrderMessagePayload,
  now = Date.now(),
): Promise<OutboxEntry> {
  return enqueueOrderEntry(
    db,
    {
      operation: payload.writer === 'customer' ? CUSTOMER_MESSAGE_OPERATION : OFFICE_MESSAGE_OPERATION,
      payload,
      orderId: payload.orderId,
    },
    isOrderMessage,
    now,
  );
}

/** The writer's messages of the order on this device (waiting, refused, or sent lately), oldest first. */
export async function queuedOrderMessages(
  db: AppDatabase,
  orderId: number,
  writer: MessageWriter,
): Promise<OutboxEntry[]> {
  const entries = await db.outbox.where('orderId').equals(orderId).toArray();
  return entries
    .filter((entry) => isOrderMessage(entry) && orderMessageOf(entry).writer === writer)
    .sort((a, b) => a.createdAt - b.createdAt);
}

/** A refused message the writer has dealt with (deleted, or taken back into the field) goes. */
export async function dismissOrderMessage(db: AppDatabase, entryId: string): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(entryId);
    if (entry && isOrderMessage(entry) && entry.status === 'failed') await db.outbox.delete(entryId);
  });
}

async function send(entry: OutboxEntry, env: ReplayEnvironment): Promise<OrderMessageResult> {
  const { orderId, writer, text, files } = orderMessageOf(entry);
  const token = env.tokenFor(entry);
  const form = new FormData();
  form.append('text', text);
  for (const file of files) form.append('files', file.blob, file.name);
  const response = await call(
    env,
    writer === 'customer' ? '/api/user/orders/{id}/messages' : '/api/order/{id}/messages',
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
  if (!response.ok) throw await failureOf(response, env);
  const sent = await answerOf<OrderMessageSent>(response);
  return { messageId: sent.message.id };
}

/** Sends one claimed entry and records the outcome; says how it ended. */
export async function replayOrderMessage(
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
  // The bytes are on the server now: the entry keeps the text (shown until the thread has it).
  await db.outbox.update(entry.id, {
    status: 'sent',
    result: outcome,
    lastError: null,
    updatedAt: now(),
    payload: {
      ...orderMessageOf(entry),
      files: orderMessageOf(entry).files.map((file) => ({ ...file, blob: new Blob() })),
    },
  });
  return 'sent';
}
