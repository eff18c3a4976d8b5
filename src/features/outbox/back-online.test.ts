// @vitest-environment happy-dom
/**
 * The connection coming back sends what waited for it at once, whatever else is replaying: an
 * order queued offline must not sit out its back-off because the 'online' moment was missed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { patchDraft } from '../../db/drafts';
import { testDb } from '../../db/test-db';
import { enqueueOrder } from '../../outbox/orders';
import { submitDraft } from '../../outbox/page-outbox';
import { replayOutbox } from '../../outbox/replay';
import { NETWORK_MESSAGE } from '../../outbox/send';
import { anOrder, fakeServer, orderCreated } from '../../outbox/test-server';

/** The browser's Web Locks for one lock name: one holder; `ifAvailable` answers null when held. */
function fakeLocks() {
  let held: Promise<void> | null = null;
  return {
    async request<T>(
      _name: string,
      options: { ifAvailable: boolean },
      callback: (lock: unknown) => Promise<T>,
    ): Promise<T> {
      if (held && options.ifAvailable) return callback(null);
      while (held) await held;
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      try {
        return await callback({});
      } finally {
        held = null;
        release();
      }
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function orderWaitingForNetwork() {
  const db = testDb();
  const draft = await patchDraft(db, { name: 'Анна', email: 'anna@example.ru' });
  const entry = await enqueueOrder(db, draft.id, anOrder(), null);
  const server = fakeServer([() => 'offline', () => orderCreated()]);
  await replayOutbox(db, server.env);
  expect(await db.outbox.get(entry.id)).toMatchObject({ status: 'pending', lastError: NETWORK_MESSAGE });
  return { db, entry, server };
}

describe('the connection back', () => {
  it('sends an order waiting for the network even while another replay holds the lock', async () => {
    const { db, entry, server } = await orderWaitingForNetwork();
    const locks = fakeLocks();
    vi.stubGlobal('navigator', { ...navigator, locks });
    // Another replay (the worker's, a timer's) is running and has passed the entry over as not due.
    let finishOther = () => {};
    const other = locks.request('perevod-outbox', { ifAvailable: false }, () => {
      return new Promise<void>((resolve) => {
        finishOther = resolve;
      });
    });
    const online = replayOutbox(db, { ...server.env, retryNetworkNow: true });
    finishOther();
    await other;
    await online;
    expect(server.calls).toHaveLength(2);
    expect((await db.outbox.get(entry.id))?.status).toBe('sent');
  });

  it("sends an order sent from step 4 offline at the page's 'online' event", async () => {
    const db = testDb();
    const draft = await patchDraft(db, { name: 'Анна', email: 'anna@example.ru' });
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(orderCreated());
    vi.stubGlobal('fetch', fetchMock);
    const entry = await submitDraft(db, draft.id, anOrder());
    expect(entry).toMatchObject({ status: 'pending', lastError: NETWORK_MESSAGE });

    window.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect((await db.outbox.get(entry.id))?.status).toBe('sent'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
