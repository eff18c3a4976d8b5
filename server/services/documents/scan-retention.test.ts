/** Scans of closed orders are removed after SCAN_RETENTION_DAYS; younger and open orders keep theirs. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, orderStatusHistory, orders } from '../../db/schema';
import { createOrder } from '../../test-support/fixtures';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { removeExpiredScans } from './scan-retention';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { SCAN_RETENTION_DAYS: '30' } });
});
afterAll(() => server?.close());

const DAY = 24 * 60 * 60 * 1000;

/** An order in `status` since `daysAgo`, with one stored scan. */
async function orderWithScan(
  status: 'COMPLETED' | 'CANCELLED' | 'IN_TRANSLATION',
  daysAgo: number,
  kind: 'ORDER_DOCUMENT' | 'ORDER_RESULT' | 'MESSAGE_FILE' | 'INVOICE_PDF' = 'ORDER_DOCUMENT',
) {
  const order = await createOrder(server.context, { userId: null });
  const key = `2026-11/${crypto.randomUUID()}`;
  await server.context.storage.write(key, Buffer.from('%PDF-1.4 паспорт'), 'application/pdf');
  const [file] = await server.context.db
    .insert(files)
    .values({
      kind,
      orderId: order.id,
      name: 'passport.pdf',
      mime: 'application/pdf',
      size: 16,
      storagePath: key,
    })
    .returning();
  const at = new Date(Date.now() - daysAgo * DAY);
  await server.context.db.update(orders).set({ status, updatedAt: at }).where(eq(orders.id, order.id));
  await server.context.db.insert(orderStatusHistory).values({ orderId: order.id, status, createdAt: at });
  return { orderId: order.id, fileId: file?.id as string, key };
}

describe('scan retention', () => {
  it('removes the scans of orders closed longer ago than the period, and leaves younger and open ones', async () => {
    const old = await orderWithScan('COMPLETED', 31);
    const cancelled = await orderWithScan('CANCELLED', 45);
    const young = await orderWithScan('COMPLETED', 29);
    const open = await orderWithScan('IN_TRANSLATION', 200);
    const result = await removeExpiredScans(server.context);
    expect(result.orders).toBeGreaterThanOrEqual(2);
    const exists = async (id: string) =>
      (await server.context.db.select().from(files).where(eq(files.id, id))).length === 1;
    expect(await exists(old.fileId)).toBe(false);
    expect(await exists(cancelled.fileId)).toBe(false);
    expect(await exists(young.fileId)).toBe(true);
    expect(await exists(open.fileId)).toBe(true);
    expect(await server.context.storage.read(old.key)).toBeNull();
    expect(await server.context.storage.read(young.key)).not.toBeNull();
    const [row] = await server.context.db.select().from(orders).where(eq(orders.id, old.orderId));
    expect(row?.scansDeletedAt).toBeInstanceOf(Date);
    const card = (await server.context.db.select().from(orders).where(eq(orders.id, young.orderId)))[0];
    expect(card?.scansDeletedAt).toBeNull();
    // Run again: nothing more to do for the orders already cleared.
    expect((await removeExpiredScans(server.context)).files).toBe(0);
  });

  it('removes the finished translation and the conversation’s files with the scans, and keeps an invoice', async () => {
    const result = await orderWithScan('COMPLETED', 40, 'ORDER_RESULT');
    const attached = await orderWithScan('COMPLETED', 40, 'MESSAGE_FILE');
    const invoice = await orderWithScan('COMPLETED', 40, 'INVOICE_PDF');
    await removeExpiredScans(server.context);
    const exists = async (id: string) =>
      (await server.context.db.select().from(files).where(eq(files.id, id))).length === 1;
    expect(await exists(result.fileId)).toBe(false);
    expect(await exists(attached.fileId)).toBe(false);
    expect(await exists(invoice.fileId)).toBe(true);
    expect(await server.context.storage.read(result.key)).toBeNull();
  });
});
