import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { patchDraft } from '../db/drafts';
import { AppDatabase } from '../db/schema';
import { testDb } from '../db/test-db';
import { acceptedNews } from './accepted-orders';
import { STATUS_OPERATION } from './kinds';
import { enqueueOrder } from './orders';
import { replayOutbox } from './replay';
import { NETWORK_MESSAGE } from './send';
import { enqueueStatusChange } from './status-changes';
import { anOrder, fakeServer, orderCreated } from './test-server';

const moved = (status = 'AT_PICKUP_POINT') =>
  new Response(JSON.stringify({ id: 42, status, updatedAt: '2026-11-23T10:00:00.000Z' }), { status: 200 });

const refused = (status: number, body: object) => new Response(JSON.stringify(body), { status });

const change = {
  orderId: 42,
  orderNumber: '2611-00042',
  from: 'IN_DELIVERY',
  to: 'AT_PICKUP_POINT',
  token: 'partner-token',
} as const;

describe('status changes in the outbox', () => {
  it('sends a queued change once with its key and the status the partner saw, even with two replays at once', async () => {
    const db = testDb();
    const entry = await enqueueStatusChange(db, { ...change, comment: '  Принят курьером ' });
    const server = fakeServer([() => moved()]);
    await Promise.all([replayOutbox(db, server.env), replayOutbox(db, server.env)]);
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]).toMatchObject({
      method: 'PATCH',
      path: '/api/order/status',
      headers: { 'idempotency-key': entry.idempotencyKey, authorization: 'Bearer partner-token' },
      body: { id: 42, status: 'AT_PICKUP_POINT', expectedStatus: 'IN_DELIVERY', comment: 'Принят курьером' },
    });
    expect(await db.outbox.get(entry.id)).toMatchObject({
      status: 'sent',
      result: { status: 'AT_PICKUP_POINT', updatedAt: '2026-11-23T10:00:00.000Z' },
    });
    server.advance(60 * 60_000);
    await replayOutbox(db, server.env);
    expect(server.calls).toHaveLength(1);
  });

  it('turns a 409 into a conflict with the server’s reason and the current status, and never retries it', async () => {
    const db = testDb();
    const entry = await enqueueStatusChange(db, change);
    const reason = 'Статус заказа уже изменился: сейчас «Выполнен». Обновите заказ и повторите';
    const server = fakeServer([
      () =>
        refused(409, { code: 'STATUS_CHANGED', message: reason, details: { currentStatus: 'COMPLETED' } }),
    ]);
    const summary = await replayOutbox(db, server.env);
    expect(summary).toEqual({ sent: 0, waiting: 0, failed: 1 });
    expect(await db.outbox.get(entry.id)).toMatchObject({
      status: 'failed',
      lastError: reason,
      conflict: { currentStatus: 'COMPLETED' },
    });
    server.advance(60 * 60_000);
    await replayOutbox(db, server.env);
    expect(server.calls).toHaveLength(1);
  });

  it('keeps a change pending through a network failure and sends it after the back-off', async () => {
    const db = testDb();
    const entry = await enqueueStatusChange(db, change);
    const server = fakeServer([() => 'offline', () => moved()]);
    await replayOutbox(db, server.env);
    expect(await db.outbox.get(entry.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: NETWORK_MESSAGE,
    });
    await replayOutbox(db, server.env);
    expect(server.calls).toHaveLength(1);
    server.advance(10_000);
    await replayOutbox(db, server.env);
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]?.headers['idempotency-key']).toBe(entry.idempotencyKey);
    expect((await db.outbox.get(entry.id))?.status).toBe('sent');
  });

  it('sends a change that waited only for the network at once when the network is back', async () => {
    const db = testDb();
    const entry = await enqueueStatusChange(db, change);
    const server = fakeServer([() => 'offline', () => moved()]);
    await replayOutbox(db, server.env);
    await replayOutbox(db, server.env);
    expect(server.calls).toHaveLength(1);
    await replayOutbox(db, { ...server.env, retryNetworkNow: true });
    expect(server.calls).toHaveLength(2);
    expect((await db.outbox.get(entry.id))?.status).toBe('sent');
  });

  it('shows another refusal as failed with its message, without a conflict', async () => {
    const db = testDb();
    const entry = await enqueueStatusChange(db, change);
    const server = fakeServer([() => refused(404, { code: 'NOT_FOUND', message: 'Заказ не найден' })]);
    await replayOutbox(db, server.env);
    const failed = await db.outbox.get(entry.id);
    expect(failed).toMatchObject({ status: 'failed', lastError: 'Заказ не найден' });
    expect(failed?.conflict).toBeUndefined();
  });

  it('offers no second change while one waits, and replaces a refused one', async () => {
    const db = testDb();
    const first = await enqueueStatusChange(db, change);
    const again = await enqueueStatusChange(db, { ...change, from: 'AT_PICKUP_POINT', to: 'COMPLETED' });
    expect(again.id).toBe(first.id);
    await db.outbox.update(first.id, { status: 'failed', conflict: { currentStatus: 'AT_PICKUP_POINT' } });
    const next = await enqueueStatusChange(db, { ...change, from: 'AT_PICKUP_POINT', to: 'COMPLETED' });
    expect(next.idempotencyKey).not.toBe(first.idempotencyKey);
    expect((await db.outbox.toArray()).map((entry) => entry.id)).toEqual([next.id]);
  });

  it('forgets status changes sent more than a week ago, but never an order', async () => {
    const db = testDb();
    const old = await enqueueStatusChange(
      db,
      { ...change, orderId: 7 },
      Date.now() - 8 * 24 * 60 * 60 * 1000,
    );
    await db.outbox.update(old.id, { status: 'sent', updatedAt: old.createdAt });
    const draft = await patchDraft(db, { name: 'Анна' });
    const order = await enqueueOrder(db, draft.id, anOrder(), null, old.createdAt);
    await db.outbox.update(order.id, { status: 'sent', updatedAt: old.createdAt });
    const next = await enqueueStatusChange(db, change);
    expect((await db.outbox.toArray()).map((entry) => entry.id).sort()).toEqual([next.id, order.id].sort());
  });

  it('sends an order and a status change queued together, each its own way', async () => {
    const db = testDb();
    const draft = await patchDraft(db, { name: 'Анна', email: 'anna@example.ru' });
    const order = await enqueueOrder(db, draft.id, anOrder(), null);
    const status = await enqueueStatusChange(db, change);
    const server = fakeServer([
      (call) => (call.path === '/api/order' ? orderCreated(7) : moved()),
      (call) => (call.path === '/api/order' ? orderCreated(7) : moved()),
    ]);
    expect(await replayOutbox(db, server.env)).toEqual({ sent: 2, waiting: 0, failed: 0 });
    expect(server.calls.map((call) => `${call.method} ${call.path}`).sort()).toEqual([
      'PATCH /api/order/status',
      'POST /api/order',
    ]);
    expect(await db.outbox.get(order.id)).toMatchObject({ status: 'sent', result: { number: '2611-00007' } });
    expect((await db.drafts.get(draft.id))?.status).toBe('submitted');
    expect(await db.outbox.get(status.id)).toMatchObject({
      status: 'sent',
      result: { status: 'AT_PICKUP_POINT' },
    });
  });

  it('never announces a sent status change as an accepted order', async () => {
    const db = testDb();
    const entry = await enqueueStatusChange(db, change);
    await db.outbox.update(entry.id, { status: 'sent', attempts: 2, result: { status: 'AT_PICKUP_POINT' } });
    expect(await acceptedNews(db)).toEqual([]);
  });

  it('keeps the orders queued before the upgrade that added status changes', async () => {
    const name = `upgrade-${crypto.randomUUID()}`;
    const options = { indexedDB: globalThis.indexedDB, IDBKeyRange: globalThis.IDBKeyRange };
    const old = new Dexie(name, options);
    old.version(1).stores({
      cache: 'key, context, operation, fetchedAt',
      drafts: 'id, &idempotencyKey, status, updatedAt',
      outbox: 'id, &idempotencyKey, status, createdAt, draftId',
      meta: 'key',
    });
    old.version(2).stores({ draftFiles: 'id, draftId, addedAt' });
    await old.table('outbox').add({
      id: 'queued-order',
      idempotencyKey: 'key-queued-order',
      operation: 'POST /api/order',
      payload: { draftId: 'd1', body: { name: 'Анна' }, token: null },
      status: 'pending',
      attempts: 0,
      lastError: null,
      createdAt: 1,
      updatedAt: 1,
      draftId: 'd1',
    });
    old.close();
    const db = new AppDatabase(options, name);
    expect(await db.outbox.get('queued-order')).toMatchObject({
      status: 'pending',
      payload: { body: { name: 'Анна' } },
    });
    await enqueueStatusChange(db, change);
    expect((await db.outbox.where('orderId').equals(42).toArray()).map((entry) => entry.operation)).toEqual([
      STATUS_OPERATION,
    ]);
    expect(db.verno).toBe(3);
  });
});
