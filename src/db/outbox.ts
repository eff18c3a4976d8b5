/**
 * The outbox: orders (and partners' status changes, status-changes.ts) waiting to reach the
 * server, sent by whichever of the page and the service worker gets there first, and never twice.
 * Shared by both, so no React, DOM or localStorage here.
 *
 * - enqueueOrder() turns the editing draft into an entry (its Idempotency-Key is the draft's).
 * - replayOutbox() sends what is due: first the draft's files not uploaded yet, then the order.
 *   One replay at a time per device: a Web Lock where the platform has one, and in any case a
 *   pending → sending step inside a Dexie transaction, so two replays never send one entry.
 * - The server answers a repeated key with the same order, so even a send whose answer was lost
 *   on the network is harmless to repeat.
 * Outcomes: 2xx → sent (the order's number and amount kept for the success page); network error,
 * 5xx, 408, 409, 429 → pending again with back-off; 401 in the worker → left for the page, which
 * has the fresh token; other 4xx → failed with the server's Russian message, for the user to fix.
 * (A status change treats 409 differently — see status-changes.ts.)
 */

import { ORDER_OPERATION, STATUS_OPERATION } from './outbox-kinds';
import {
  afterFailure,
  call,
  failureOf,
  NETWORK_MESSAGE,
  type ReplayEnvironment,
  SendFailure,
} from './outbox-send';
import type { AppDatabase, OutboxEntry } from './schema';
import { replayStatusChange } from './status-changes';

export { ORDER_OPERATION } from './outbox-kinds';
export { NETWORK_MESSAGE, type ReplayEnvironment } from './outbox-send';

export interface OrderEntryPayload {
  draftId: string;
  /** The order as the form finished it (POST /api/order's body, without the file ids). */
  body: Record<string, unknown>;
  /** The cabinet token when the order was queued; the page sends its current one instead. */
  token: string | null;
}

export interface OrderResult {
  id: number;
  number: string;
  amount: number;
  /** The promo code the server applied (it checks it again at sending), and its discount. */
  promoCode?: string | null;
  discountPercent?: number;
}

/** A replay that died mid-send (tab closed) leaves 'sending'; after this it is due again. */
const STALE_SENDING_MS = 2 * 60_000;

export async function enqueueOrder(
  db: AppDatabase,
  draftId: string,
  body: Record<string, unknown>,
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
    return due;
  });
}

async function uploadMissingFiles(
  db: AppDatabase,
  draftId: string,
  env: ReplayEnvironment,
  token: string | null,
) {
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
      const uploaded = (await response.json()) as { files: { id: string }[] };
      const id = uploaded.files[0]?.id;
      if (!id) throw new SendFailure('Сервер не принял файл', false);
      await db.draftFiles.update(file.id, { uploadedId: id });
      file.uploadedId = id;
    }
    ids.push(file.uploadedId as string);
  }
  return ids;
}

async function sendOrder(db: AppDatabase, entry: OutboxEntry, env: ReplayEnvironment): Promise<OrderResult> {
  const { draftId, body } = entry.payload as OrderEntryPayload;
  const token = env.tokenFor(entry);
  const files = await uploadMissingFiles(db, draftId, env, token);
  const response = await call(env, '/api/order', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'idempotency-key': entry.idempotencyKey,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ ...body, files }),
  });
  if (!response.ok) throw await failureOf(response, env);
  const { order } = (await response.json()) as { order: Required<OrderResult> };
  return {
    id: order.id,
    number: order.number,
    amount: order.amount,
    promoCode: order.promoCode,
    discountPercent: order.discountPercent,
  };
}

async function settle(db: AppDatabase, entry: OutboxEntry, outcome: OrderResult | SendFailure, now: number) {
  const draftId = (entry.payload as OrderEntryPayload).draftId;
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
      attempts: failed.attempts,
      updatedAt: now,
    });
  });
}

/** How many entries ended how, orders and status changes together. */
export interface ReplaySummary {
  sent: number;
  waiting: number;
  failed: number;
}

async function replayUnlocked(db: AppDatabase, env: ReplayEnvironment): Promise<ReplaySummary> {
  const summary: ReplaySummary = { sent: 0, waiting: 0, failed: 0 };
  const now = env.now ?? Date.now;
  for (const entry of await claimDue(db, now(), env.retryNetworkNow)) {
    if (entry.operation === STATUS_OPERATION) {
      const ended = await replayStatusChange(db, entry, env);
      summary[ended] += 1;
      continue;
    }
    if (entry.operation !== ORDER_OPERATION) continue;
    let outcome: OrderResult | SendFailure;
    try {
      outcome = await sendOrder(db, entry, env);
    } catch (error) {
      outcome = error instanceof SendFailure ? error : new SendFailure(NETWORK_MESSAGE, true);
    }
    await settle(db, entry, outcome, now());
    if (!(outcome instanceof SendFailure)) summary.sent += 1;
    else if (outcome.retry) summary.waiting += 1;
    else summary.failed += 1;
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

/** Sends what is due. When another replay holds the lock it is already doing this: returns null. */
export async function replayOutbox(db: AppDatabase, env: ReplayEnvironment): Promise<ReplaySummary | null> {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  if (!locks) return replayUnlocked(db, env);
  return locks.request('perevod-outbox', { ifAvailable: true }, async (lock) =>
    lock ? replayUnlocked(db, env) : null,
  );
}

/** The soonest time an entry waits for, to schedule the next replay. */
export async function nextDueAt(db: AppDatabase): Promise<number | null> {
  const pending = await db.outbox.where('status').equals('pending').toArray();
  const times = pending.map((entry) => entry.nextAttemptAt ?? 0);
  return times.length ? Math.min(...times) : null;
}
