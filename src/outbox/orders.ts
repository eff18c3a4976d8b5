/**
 * The outbox's first kind of entry: an order the form finished, waiting to reach POST /api/order.
 *
 * - enqueueOrder() turns the editing draft into an entry (its Idempotency-Key is the draft's).
 * - replayOrder() sends one claimed entry: first the draft's files not uploaded yet, then the order.
 * - The server answers a repeated key with the same order, so even a send whose answer was lost
 *   on the network is harmless to repeat.
 * Outcomes: 2xx → sent (the order's number and amount kept for the success page); network error,
 * 5xx, 408, 409, 429 → pending again with back-off; 401 in the worker → left for the page, which
 * has the fresh token; other 4xx → failed with the server's Russian message, for the user to fix.
 */
import type { AppDatabase, OrderCreate, OutboxEntry } from '../db/schema';
import type { FilesUploaded, OrderPlaced } from './contract';
import { ORDER_OPERATION } from './kinds';
import {
  afterFailure,
  answerOf,
  attempt,
  call,
  failureOf,
  type ReplayEnvironment,
  SendFailure,
  writeHeaders,
} from './send';

export interface OrderEntryPayload {
  draftId: string;
  /** The order as the form finished it (POST /api/order's body; the file ids are added at sending). */
  body: OrderCreate;
  /** The cabinet token when the order was queued; the page sends its current one instead. */
  token: string | null;
}

/**
 * What the success page and the «Заказ № … принят» notice need of the server's receipt. Kept in
 * the entry: one sent by an older release holds only the first five fields, and no tracking link.
 */
export type OrderResult = Pick<OrderPlaced['order'], 'id' | 'number' | 'amount'> &
  Partial<
    Pick<
      OrderPlaced['order'],
      'promoCode' | 'discountPercent' | 'discountAmount' | 'nextSteps' | 'trackingUrl' | 'dueDate' | 'urgent'
    >
  >;

export const orderEntryOf = (entry: OutboxEntry): OrderEntryPayload => entry.payload as OrderEntryPayload;

export async function enqueueOrder(
  db: AppDatabase,
  draftId: string,
  body: OrderCreate,
  token: string | null,
  now = Date.now(),
) {
  return db.transaction('rw', db.drafts, db.outbox, async () => {
    const draft = await db.drafts.get(draftId);
    if (!draft) throw new Error(`draft ${draftId} is gone`);
    const existing = await db.outbox.where('idempotencyKey').equals(draft.idempotencyKey).first();
    if (existing) {
      await db.outbox.update(existing.id, {
        status: 'pending',
        payload: { draftId, body, token } satisfies OrderEntryPayload,
        nextAttemptAt: now,
        lastError: null,
        updatedAt: now,
      });
      await db.drafts.update(draftId, { status: 'queued', updatedAt: now });
      return { ...existing, status: 'pending' as const };
    }
    const entry: OutboxEntry = {
      id: crypto.randomUUID(),
      idempotencyKey: draft.idempotencyKey,
      operation: ORDER_OPERATION,
      payload: { draftId, body, token } satisfies OrderEntryPayload,
      status: 'pending',
      attempts: 0,
      lastError: null,
      createdAt: now,
      updatedAt: now,
      draftId,
      nextAttemptAt: now,
    };
    await db.outbox.add(entry);
    await db.drafts.update(draftId, { status: 'queued', updatedAt: now });
    return entry;
  });
}

async function uploadMissingFiles(
  db: AppDatabase,
  draftId: string,
  env: ReplayEnvironment,
  token: string | null,
): Promise<string[]> {
  const files = await db.draftFiles.where('draftId').equals(draftId).sortBy('addedAt');
  const ids: string[] = [];
  for (const file of files) {
    if (!file.uploadedId) {
      const form = new FormData();
      form.append('files', file.blob, file.name);
      const response = await call(env, token ? '/api/upload' : '/api/upload/public', {
        method: 'POST',
        body: form,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok) throw await failureOf(response, env);
      const id = (await answerOf<FilesUploaded>(response)).files[0]?.id;
      if (!id) throw new SendFailure('Сервер не принял файл', false);
      await db.draftFiles.update(file.id, { uploadedId: id });
      file.uploadedId = id;
    }
    ids.push(file.uploadedId);
  }
  return ids;
}

async function sendOrder(db: AppDatabase, entry: OutboxEntry, env: ReplayEnvironment): Promise<OrderResult> {
  const { draftId, body } = orderEntryOf(entry);
  const token = env.tokenFor(entry);
  const files = await uploadMissingFiles(db, draftId, env, token);
  const response = await call(env, '/api/order', {
    method: 'POST',
    headers: writeHeaders(entry, token),
    body: JSON.stringify({ ...body, files } satisfies OrderCreate),
  });
  if (!response.ok) throw await failureOf(response, env);
  const { order } = await answerOf<OrderPlaced>(response);
  return {
    id: order.id,
    number: order.number,
    amount: order.amount,
    promoCode: order.promoCode,
    discountPercent: order.discountPercent,
    discountAmount: order.discountAmount,
    nextSteps: order.nextSteps,
    trackingUrl: order.trackingUrl,
    dueDate: order.dueDate,
    urgent: order.urgent,
  };
}

async function settle(db: AppDatabase, entry: OutboxEntry, outcome: OrderResult | SendFailure, now: number) {
  const { draftId } = orderEntryOf(entry);
  await db.transaction('rw', db.outbox, db.drafts, db.draftFiles, async () => {
    if (!(outcome instanceof SendFailure)) {
      await db.outbox.update(entry.id, { status: 'sent', result: outcome, lastError: null, updatedAt: now });
      await db.drafts.update(draftId, { status: 'submitted', updatedAt: now });
      // The blobs are on the server now; the device keeps no copy of a sent passport.
      await db.draftFiles.where('draftId').equals(draftId).delete();
      return;
    }
    const failed = afterFailure(entry, outcome, now);
    await db.outbox.update(entry.id, failed);
    await db.drafts.update(draftId, {
      lastError: outcome.message,
      problems: outcome.problems,
      attempts: failed.attempts,
      updatedAt: now,
    });
  });
}

/** Sends one claimed order and records the outcome; says how it ended. */
export async function replayOrder(
  db: AppDatabase,
  entry: OutboxEntry,
  env: ReplayEnvironment,
): Promise<'sent' | 'waiting' | 'failed'> {
  const now = env.now ?? Date.now;
  const outcome = await attempt(() => sendOrder(db, entry, env));
  await settle(db, entry, outcome, now());
  if (!(outcome instanceof SendFailure)) return 'sent';
  return outcome.retry ? 'waiting' : 'failed';
}
