import { describe, expect, it } from 'vitest';
import { patchDraft } from '../db/drafts';
import { testDb } from '../db/test-db';
import { isOutboxReplayed, type OutboxReplayedMessage } from './messages';
import { enqueueOrder } from './orders';
import { anOrder, fakeServer, orderCreated } from './test-server';
import type { AcceptedNotification, WorkerSide } from './worker-replay';
import { replayInWorker } from './worker-replay';

/** The worker's surroundings: open windows (visible or not) and whether notifications are allowed. */
function worker(fetch: typeof globalThis.fetch, windows: boolean[], allowed = true) {
  const posted: OutboxReplayedMessage[] = [];
  const shown: AcceptedNotification[] = [];
  const side: WorkerSide = {
    fetch,
    pages: async () =>
      windows.map((visible) => ({ visible, postMessage: (message) => posted.push(message) })),
    mayNotify: () => allowed,
    notify: async (notification) => {
      shown.push(notification);
    },
  };
  return { side, posted, shown };
}

async function orderThatWaited(token: string | null = null) {
  const db = testDb();
  const draft = await patchDraft(db, { name: 'Анна' });
  const entry = await enqueueOrder(db, draft.id, anOrder(), token);
  // A first try from the page failed: what the worker sends now is news to the user.
  await db.outbox.update(entry.id, { attempts: 1 });
  return { db, entry };
}

describe('the service worker’s Background Sync', () => {
  it('sends the waiting order, tells every open page and, with none in sight, notifies its number', async () => {
    const { db, entry } = await orderThatWaited();
    const server = fakeServer([() => orderCreated(42)]);
    const { side, posted, shown } = worker(server.env.fetch, [false]);
    await replayInWorker(db, side);
    expect(posted).toEqual([{ type: 'outbox-replayed', summary: { sent: 1, waiting: 0, failed: 0 } }]);
    expect(posted.every(isOutboxReplayed)).toBe(true);
    expect(shown).toEqual([
      expect.objectContaining({
        title: 'Заказ № 2611-00042 принят',
        url: `/order/success?entry=${entry.id}`,
        tag: `order-accepted-${entry.id}`,
      }),
    ]);
  });

  it('leaves the news to the page when one is in sight, or when notifications are not allowed', async () => {
    for (const [windows, allowed] of [
      [[true], true],
      [[], false],
    ] as const) {
      const { db } = await orderThatWaited();
      const { side, shown } = worker(fakeServer([() => orderCreated()]).env.fetch, [...windows], allowed);
      await replayInWorker(db, side);
      expect(shown).toEqual([]);
    }
  });

  it('sends with the token the order was queued with, and asks to sync again while it waits', async () => {
    const { db, entry } = await orderThatWaited('cabinet-token');
    const server = fakeServer([() => 'offline']);
    const { side } = worker(server.env.fetch, []);
    await expect(replayInWorker(db, side)).rejects.toThrow('still waiting');
    expect(server.calls[0]?.headers.authorization).toBe('Bearer cabinet-token');
    expect((await db.outbox.get(entry.id))?.status).toBe('pending');
  });
});
