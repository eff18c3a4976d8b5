/**
 * The outbox's second kind of entry: a status change a partner made on a phone (PATCH
 * /api/order/status), queued like an order so a change made offline is sent later, by the page or
 * the service worker, under the same lock and claim as orders (replay.ts).
 *
 * - The entry's Idempotency-Key is made when the partner confirms the change; the server keeps it,
 *   so a repeat after a lost answer is answered, never applied twice.
 * - It carries expectedStatus (the status the partner saw): when the order moved meanwhile the
 *   server answers 409 and the entry becomes a conflict (status 'failed' with `conflict`), shown
 *   on the card with the server's reason and the status it is in now. A conflict is never retried:
 *   only the partner can decide whether the move still makes sense.
 * - Another 4xx is a refusal shown with its message; network errors and 5xx retry with back-off.
 */
import type { AppDatabase, OutboxEntry } from '../db/schema';
import type { OrderStatus } from '../domain/order-status';
import type { StatusChanged, StatusChangeRequest } from './contract';
import { STATUS_OPERATION } from './kinds';
import {
  afterFailure,
  answerOf,
  attempt,
  call,
  failureOf,
  type ReplayEnvironment,
  readErrorBody,
  SendFailure,
  writeHeaders,
} from './send';

export interface StatusChangePayload {
  orderId: number;
  /** The order's number, for what the card and the notices say about the entry. */
  orderNumber: string;
  /** The status the partner saw when making the change: sent as expectedStatus. */
  from: OrderStatus;
  to: OrderStatus;
  comment: string | null;
  /** The back-office token when the change was queued; the page sends its current one instead. */
  token: string | null;
}

/** What the entry keeps of the server's answer once the change was accepted. */
export type StatusChangeResult = Pick<StatusChanged, 'status' | 'updatedAt'>;

/** The server's 409: someone moved the order first (or the move is no longer allowed). */
export interface StatusConflict {
  currentStatus: OrderStatus | null;
}

/** Sent changes are kept a week, so a card shows the accepted status until the list is refreshed. */
const SENT_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

export const isStatusChange = (entry: OutboxEntry) => entry.operation === STATUS_OPERATION;

export function statusChangeOf(entry: OutboxEntry): StatusChangePayload {
  return entry.payload as StatusChangePayload;
}

/**
 * Queues a change. While one for the order is still waiting it is returned instead (the card
 * offers no second move meanwhile); a refused one for the order is replaced by the new change.
 */
export async function enqueueStatusChange(
  db: AppDatabase,
  change: Omit<StatusChangePayload, 'comment'> & { comment?: string | null },
  now = Date.now(),
): Promise<OutboxEntry> {
  return db.transaction('rw', db.outbox, async () => {
    const earlier = await db.outbox.where('orderId').equals(change.orderId).toArray();
    const waiting = earlier.find(
      (entry) => isStatusChange(entry) && (entry.status === 'pending' || entry.status === 'sending'),
    );
    if (waiting) return waiting;
    // This order's refused change gives way to the new one; any order's old sent changes go.
    const refused = earlier.filter((entry) => isStatusChange(entry) && entry.status === 'failed');
    const oldSent = await db.outbox
      .where('status')
      .equals('sent')
      .filter((entry) => isStatusChange(entry) && entry.updatedAt < now - SENT_KEPT_MS)
      .primaryKeys();
    await db.outbox.bulkDelete([...refused.map((entry) => entry.id), ...oldSent]);
    const entry: OutboxEntry = {
      id: crypto.randomUUID(),
      idempotencyKey: crypto.randomUUID(),
      operation: STATUS_OPERATION,
      payload: { ...change, comment: change.comment?.trim() || null } satisfies StatusChangePayload,
      status: 'pending',
      attempts: 0,
      lastError: null,
      createdAt: now,
      updatedAt: now,
      orderId: change.orderId,
      nextAttemptAt: now,
    };
    await db.outbox.add(entry);
    return entry;
  });
}

/** The latest change queued on this device for each of the given orders. */
export async function latestStatusChanges(
  db: AppDatabase,
  orderIds: readonly number[],
): Promise<Map<number, OutboxEntry>> {
  const entries = orderIds.length
    ? await db.outbox
        .where('orderId')
        .anyOf([...orderIds])
        .toArray()
    : [];
  const latest = new Map<number, OutboxEntry>();
  for (const entry of entries) {
    if (!isStatusChange(entry) || entry.orderId === undefined) continue;
    const known = latest.get(entry.orderId);
    if (!known || entry.createdAt > known.createdAt) latest.set(entry.orderId, entry);
  }
  return latest;
}

/** How many changes still wait to be sent (queued or being sent). */
export async function waitingStatusChanges(db: AppDatabase): Promise<number> {
  return (await db.outbox.where('status').anyOf('pending', 'sending').toArray()).filter(isStatusChange)
    .length;
}

/** A refused or conflicting change the partner has read: it leaves the card. */
export async function dismissStatusChange(db: AppDatabase, entryId: string): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(entryId);
    if (entry && isStatusChange(entry) && entry.status === 'failed') await db.outbox.delete(entryId);
  });
}

type Outcome = { result: StatusChangeResult } | { conflict: StatusConflict; message: string } | SendFailure;

async function send(entry: OutboxEntry, env: ReplayEnvironment): Promise<Outcome> {
  const change = statusChangeOf(entry);
  const token = env.tokenFor(entry);
  const request: StatusChangeRequest = {
    id: change.orderId,
    status: change.to,
    expectedStatus: change.from,
    ...(change.comment ? { comment: change.comment } : {}),
  };
  const response = await call(env, '/api/order/status', {
    method: 'PATCH',
    headers: writeHeaders(entry, token),
    body: JSON.stringify(request),
  });
  if (response.ok) {
    const order = await answerOf<StatusChanged>(response);
    return { result: { status: order.status, updatedAt: order.updatedAt } };
  }
  const body = await readErrorBody(response);
  if (response.status === 409) {
    // STATUS_CHANGED's details (the contract's Error): the status the order is in now.
    const details = (Array.isArray(body.details) ? undefined : body.details) as
      | { currentStatus?: OrderStatus }
      | undefined;
    return {
      conflict: { currentStatus: details?.currentStatus ?? null },
      message: body.message || 'Статус заказа уже изменился',
    };
  }
  return failureOf(response, env, body);
}

/** Sends one claimed status change and records the outcome; says how it ended. */
export async function replayStatusChange(
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
  if ('conflict' in outcome) {
    await db.outbox.update(entry.id, {
      status: 'failed',
      attempts: entry.attempts + 1,
      lastError: outcome.message,
      conflict: outcome.conflict,
      updatedAt: now(),
    });
    return 'failed';
  }
  await db.outbox.update(entry.id, {
    status: 'sent',
    result: outcome.result,
    lastError: null,
    updatedAt: now(),
  });
  return 'sent';
}
