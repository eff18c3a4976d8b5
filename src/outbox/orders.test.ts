import { describe, expect, it } from 'vitest';
import { addDraftFiles, patchDraft } from '../db/drafts';
import { testDb } from '../db/test-db';
import { enqueueOrder } from './orders';
import { replayOutbox } from './replay';
import { NETWORK_MESSAGE } from './send';
import { anOrder, orderCreated as created, fakeServer } from './test-server';

async function queuedDraft() {
  const db = testDb();
  const draft = await patchDraft(db, { name: 'Анна', email: 'anna@example.ru' });
  const entry = await enqueueOrder(db, draft.id, anOrder(), null);
  return { db, draft, entry };
}

describe('outbox replay', () => {
  it("sends a queued order once with its draft's idempotency key, even when two replays run at once", async () => {
    const { db, draft, entry } = await queuedDraft();
    const server = fakeServer([() => created()]);
    await Promise.all([replayOutbox(db, server.env), replayOutbox(db, server.env)]);
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]?.headers['idempotency-key']).toBe(draft.idempotencyKey);
    expect(await db.outbox.get(entry.id)).toMatchObject({
      status: 'sent',
      result: { number: '2611-00042', nextSteps: ['Менеджер проверит документы и подтвердит стоимость.'] },
    });
    expect((await db.drafts.get(draft.id))?.status).toBe('submitted');
    await replayOutbox(db, server.env);
    expect(server.calls).toHaveLength(1);
  });

  it('keeps the order when the network is gone and sends it after the back-off', async () => {
    const { db, entry } = await queuedDraft();
    const server = fakeServer([() => 'offline', () => created()]);
    await replayOutbox(db, server.env);
    const waiting = await db.outbox.get(entry.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastError: NETWORK_MESSAGE });
    await replayOutbox(db, server.env);
    expect(server.calls).toHaveLength(1);
    server.advance(10_000);
    await replayOutbox(db, server.env);
    expect((await db.outbox.get(entry.id))?.status).toBe('sent');
  });

  it('keeps the order while the database restarts (503) and tries again when Retry-After says', async () => {
    const { db, entry } = await queuedDraft();
    const unavailable = () =>
      new Response(
        JSON.stringify({
          code: 'SERVICE_UNAVAILABLE',
          message:
            'Сервис временно недоступен: нет связи с базой данных. Повторите попытку через несколько секунд.',
        }),
        { status: 503, headers: { 'retry-after': '5' } },
      );
    const server = fakeServer([unavailable, () => created()]);
    await replayOutbox(db, server.env);
    const waiting = await db.outbox.get(entry.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting?.lastError).toContain('временно недоступен');
    server.advance(4_000);
    await replayOutbox(db, server.env);
    expect(server.calls).toHaveLength(1);
    server.advance(1_500);
    await replayOutbox(db, server.env);
    expect(server.calls).toHaveLength(2);
    expect((await db.outbox.get(entry.id))?.status).toBe('sent');
  });

  it('marks an order the server refuses as failed with its Russian message and the fields it names', async () => {
    const { db, entry } = await queuedDraft();
    const server = fakeServer([
      () =>
        new Response(
          JSON.stringify({
            code: 'PROMO_NOT_APPLICABLE',
            message: 'Промокод AUTUMN20 не применён: Промокод отключён',
            details: [{ path: '/body/promoCode', message: 'Промокод отключён' }],
          }),
          { status: 422 },
        ),
    ]);
    await replayOutbox(db, server.env);
    const problems = [{ path: '/body/promoCode', message: 'Промокод отключён' }];
    expect(await db.outbox.get(entry.id)).toMatchObject({
      status: 'failed',
      lastError: 'Промокод AUTUMN20 не применён: Промокод отключён',
      problems,
    });
    // The draft keeps them too: the form shows each beside its field when it is reopened.
    expect((await db.drafts.toArray())[0]?.problems).toEqual(problems);
  });

  it('uploads the files still on the device first and sends their ids with the order', async () => {
    const db = testDb();
    const draft = await patchDraft(db, { name: 'Анна' });
    await addDraftFiles(db, draft.id, [new File(['%PDF-1.7'], 'passport.pdf', { type: 'application/pdf' })]);
    await enqueueOrder(db, draft.id, anOrder(), null);
    const fileId = '0b7c6d1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e';
    const server = fakeServer([
      () => new Response(JSON.stringify({ files: [{ id: fileId }] }), { status: 201 }),
      () => created(),
    ]);
    await replayOutbox(db, server.env);
    expect(server.calls.map((call) => call.path)).toEqual(['/api/upload/public', '/api/order']);
    expect(server.calls[1]?.body).toMatchObject({ name: 'Анна', files: [fileId] });
    expect(await db.draftFiles.count()).toBe(0);
  });

  it('leaves a 401 in the service worker for the page instead of failing the order', async () => {
    const { db, entry } = await queuedDraft();
    const server = fakeServer([
      () =>
        new Response(JSON.stringify({ code: 'UNAUTHORIZED', message: 'Требуется авторизация' }), {
          status: 401,
        }),
    ]);
    server.env.inWorker = true;
    await replayOutbox(db, server.env);
    expect(await db.outbox.get(entry.id)).toMatchObject({ status: 'pending', attempts: 0 });
  });
});
