import { describe, expect, it } from 'vitest';
import { testDb } from '../db/test-db';
import { enqueueOrderFiles, orderFilesOf, waitingOrderFiles } from './order-files';
import { replayOutbox } from './replay';
import { NETWORK_MESSAGE } from './send';
import { fakeServer } from './test-server';

const scan = (name: string) => ({
  name,
  size: 8,
  type: 'application/pdf',
  blob: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
});

async function queued() {
  const db = testDb();
  const entry = await enqueueOrderFiles(db, {
    orderId: 42,
    orderNumber: '2611-00042',
    files: [scan('passport-2.pdf'), scan('diploma.pdf')],
    token: 'cabinet-token',
  });
  return { db, entry };
}

const added = () =>
  new Response(JSON.stringify({ order: { files: [{}, {}, {}] }, history: [] }), { status: 201 });

describe('files added to a placed order, in the outbox', () => {
  it('are sent as one multipart request under their key and the queued token, then leave no bytes behind', async () => {
    const { db, entry } = await queued();
    const server = fakeServer([() => added()]);
    await Promise.all([replayOutbox(db, server.env), replayOutbox(db, server.env)]);
    expect(server.calls).toHaveLength(1);
    const [call] = server.calls;
    expect(call?.path).toBe('/api/user/orders/42/files');
    expect(call?.headers).toMatchObject({
      'idempotency-key': entry.idempotencyKey,
      authorization: 'Bearer cabinet-token',
    });
    const form = call?.body as FormData;
    expect(form.getAll('files').map((file) => (file as File).name)).toEqual([
      'passport-2.pdf',
      'diploma.pdf',
    ]);
    const sent = await db.outbox.get(entry.id);
    expect(sent).toMatchObject({ status: 'sent', result: { files: 3 } });
    expect(orderFilesOf(sent as NonNullable<typeof sent>).files).toEqual([]);
    expect(await waitingOrderFiles(db, 42)).toEqual([]);
  });

  it('wait without network and are sent with the same key when it is back', async () => {
    const { db, entry } = await queued();
    const server = fakeServer([() => 'offline', () => added()]);
    await replayOutbox(db, server.env);
    expect(await db.outbox.get(entry.id)).toMatchObject({ status: 'pending', lastError: NETWORK_MESSAGE });
    await replayOutbox(db, { ...server.env, retryNetworkNow: true });
    expect((await db.outbox.get(entry.id))?.status).toBe('sent');
    expect(new Set(server.calls.map((call) => call.headers['idempotency-key'])).size).toBe(1);
  });

  it('refused because the work started (409) are not retried and keep the reason', async () => {
    const { db, entry } = await queued();
    const reason = 'Бюро уже начало работу над заказом (статус «Готов»): добавить файлы нельзя.';
    const server = fakeServer([
      () => new Response(JSON.stringify({ code: 'CONFLICT', message: reason }), { status: 409 }),
    ]);
    await replayOutbox(db, server.env);
    expect(await db.outbox.get(entry.id)).toMatchObject({ status: 'failed', lastError: reason });
    server.advance(60 * 60 * 1000);
    await replayOutbox(db, server.env);
    expect(server.calls).toHaveLength(1);
  });
});
