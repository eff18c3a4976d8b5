import { describe, expect, it } from 'vitest';
import { testDb } from '../db/test-db';
import { enqueueOrderMessage, orderMessageOf, queuedOrderMessages } from './order-messages';
import { replayOutbox } from './replay';
import { NETWORK_MESSAGE } from './send';
import { fakeServer } from './test-server';

const scan = (name: string) => ({
  name,
  size: 8,
  type: 'application/pdf',
  blob: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
});

const written = (id: number) =>
  new Response(JSON.stringify({ message: { id }, thread: { orderId: 42, messages: [], unread: 0 } }), {
    status: 201,
  });

describe("an order's message in the outbox", () => {
  it("from the customer goes once, as multipart under its key and the cabinet's token, and keeps its id", async () => {
    const db = testDb();
    const entry = await enqueueOrderMessage(db, {
      orderId: 42,
      writer: 'customer',
      text: 'Можно забрать в субботу?',
      files: [scan('доверенность.pdf')],
      token: 'cabinet-token',
    });
    const server = fakeServer([() => written(7)]);
    await Promise.all([replayOutbox(db, server.env), replayOutbox(db, server.env)]);
    expect(server.calls).toHaveLength(1);
    const [call] = server.calls;
    expect(call?.path).toBe('/api/user/orders/42/messages');
    expect(call?.headers).toMatchObject({
      'idempotency-key': entry.idempotencyKey,
      authorization: 'Bearer cabinet-token',
    });
    const form = call?.body as FormData;
    expect(form.get('text')).toBe('Можно забрать в субботу?');
    expect(form.getAll('files').map((file) => (file as File).name)).toEqual(['доверенность.pdf']);
    const sent = await db.outbox.get(entry.id);
    expect(sent).toMatchObject({ status: 'sent', result: { messageId: 7 } });
    // The bytes are the server's now; the names stay for the thread until it reads the message back.
    expect(orderMessageOf(sent as NonNullable<typeof sent>).files[0]?.blob.size).toBe(0);
  });

  it("from the office goes to the office's path", async () => {
    const db = testDb();
    await enqueueOrderMessage(db, { orderId: 42, writer: 'office', text: 'Готово', files: [], token: 'crm' });
    const server = fakeServer([() => written(8)]);
    await replayOutbox(db, server.env);
    expect(server.calls[0]?.path).toBe('/api/order/42/messages');
    expect(server.calls[0]?.headers.authorization).toBe('Bearer crm');
  });

  it('written offline waits, then goes in the order written, each with its own key once, when the network is back', async () => {
    const db = testDb();
    const first = await enqueueOrderMessage(
      db,
      { orderId: 42, writer: 'customer', text: 'Первое', files: [], token: null },
      1_000,
    );
    const second = await enqueueOrderMessage(
      db,
      { orderId: 42, writer: 'customer', text: 'Второе', files: [], token: null },
      2_000,
    );
    const server = fakeServer([() => 'offline', () => 'offline', () => written(1), () => written(2)]);
    await replayOutbox(db, server.env);
    expect(await db.outbox.get(first.id)).toMatchObject({ status: 'pending', lastError: NETWORK_MESSAGE });
    expect((await queuedOrderMessages(db, 42, 'customer')).map((entry) => entry.status)).toEqual([
      'pending',
      'pending',
    ]);
    await replayOutbox(db, { ...server.env, retryNetworkNow: true });
    const sent = server.calls.slice(2);
    expect(sent.map((call) => (call.body as FormData).get('text'))).toEqual(['Первое', 'Второе']);
    expect(sent.map((call) => call.headers['idempotency-key'])).toEqual([
      first.idempotencyKey,
      second.idempotencyKey,
    ]);
    expect((await db.outbox.get(second.id))?.status).toBe('sent');
    await replayOutbox(db, server.env);
    expect(server.calls).toHaveLength(4);
  });

  it('refused by the server (422) is not retried and keeps the reason', async () => {
    const db = testDb();
    const entry = await enqueueOrderMessage(db, {
      orderId: 42,
      writer: 'customer',
      text: 'x',
      files: [],
      token: null,
    });
    const reason = 'Сообщение длиннее 4000 символов (сейчас 4001): сократите его или разделите на два';
    const server = fakeServer([
      () => new Response(JSON.stringify({ code: 'VALIDATION_ERROR', message: reason }), { status: 422 }),
    ]);
    await replayOutbox(db, server.env);
    expect(await db.outbox.get(entry.id)).toMatchObject({ status: 'failed', lastError: reason });
    server.advance(60 * 60 * 1000);
    await replayOutbox(db, server.env);
    expect(server.calls).toHaveLength(1);
  });
});
