import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, orderFiles, orders } from '../../db/schema';
import { createFile, createOrder } from '../../test-support/fixtures';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { FILE_CLEANUP_QUEUE, removeUnattachedFiles, UNATTACHED_FILE_TTL_MS } from './file-cleanup';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ jobs: true });
});
afterAll(() => server?.close());

/** A stored upload with its bytes on disk, made `ageMs` ago. */
async function storedFile(ageMs: number, orderId: number | null = null) {
  const file = await createFile(server.context, null, orderId);
  const path = join(server.context.config.dataDir, 'files', file.storagePath);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, '%PDF-1.4');
  await server.context.db
    .update(files)
    .set({ createdAt: new Date(Date.now() - ageMs) })
    .where(eq(files.id, file.id));
  return { id: file.id, path };
}

describe('unattached uploads', () => {
  it('are removed after 24 hours, rows and bytes; attached and recent ones stay', async () => {
    const day = UNATTACHED_FILE_TTL_MS;
    const order = await createOrder(server.context, { userId: null });
    const abandoned = await storedFile(day + 60_000);
    const recent = await storedFile(day - 60_000);
    const onOrder = await storedFile(day * 3, order.id);
    const linked = await storedFile(day * 3);
    await server.context.db.insert(orderFiles).values({ orderId: order.id, fileId: linked.id });
    const incoming = join(server.context.config.dataDir, 'files', 'incoming');
    mkdirSync(incoming, { recursive: true });
    const stalePart = join(incoming, 'stale-part');
    writeFileSync(stalePart, 'half a file');
    const old = (Date.now() - day - 60_000) / 1000;
    utimesSync(stalePart, old, old);

    const result = await removeUnattachedFiles(server.context);

    expect(result.removedFiles).toBeGreaterThanOrEqual(1);
    expect(result.removedIncoming).toBe(1);
    expect(existsSync(abandoned.path)).toBe(false);
    expect(existsSync(stalePart)).toBe(false);
    const left = await server.context.db
      .select({ id: files.id })
      .from(files)
      .where(inArray(files.id, [abandoned.id, recent.id, onOrder.id, linked.id]));
    expect(left.map((row) => row.id).sort()).toEqual([recent.id, onOrder.id, linked.id].sort());
    for (const kept of [recent, onOrder, linked]) expect(existsSync(kept.path)).toBe(true);
  });

  it('include the finished translation and the conversation’s files of an order an ADMIN deleted', async () => {
    const order = await createOrder(server.context, { userId: null });
    const result = await storedFile(UNATTACHED_FILE_TTL_MS * 2, order.id);
    const attached = await storedFile(UNATTACHED_FILE_TTL_MS * 2, order.id);
    await server.context.db.update(files).set({ kind: 'ORDER_RESULT' }).where(eq(files.id, result.id));
    await server.context.db.update(files).set({ kind: 'MESSAGE_FILE' }).where(eq(files.id, attached.id));
    await server.context.db.delete(orders).where(eq(orders.id, order.id));

    await removeUnattachedFiles(server.context);

    expect(await server.context.db.$count(files, inArray(files.id, [result.id, attached.id]))).toBe(0);
    for (const gone of [result, attached]) expect(existsSync(gone.path)).toBe(false);
  });

  it('are swept by an hourly pg-boss schedule started with the server', async () => {
    const schedules = await server.context.jobs?.boss.getSchedules();
    expect(schedules?.find((schedule) => schedule.name === FILE_CLEANUP_QUEUE)?.cron).toMatch(
      /^\d+ \* \* \* \*$/,
    );
  });
});
