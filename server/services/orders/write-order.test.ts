/** The one statement that writes a new order's rows (write-order.ts), through createOrder. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, notifications, orderEvents, orderFiles, orderStatusHistory, orders } from '../../db/schema';
import { createFile } from '../../test-support/fixtures';
import { pickupOrderBody } from '../../test-support/order-bodies';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import type { OrderCreate } from './check-order';
import { createOrder, ORDER_RECEIVED_NOTICE } from './create-order';
import { loadReceipt } from './order-receipt';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const body = (changes: Partial<OrderCreate> = {}) =>
  pickupOrderBody('anna.write@example.ru', changes) as OrderCreate;

describe('writing a new order in one statement', () => {
  it('answers exactly the receipt that a later read finds, lines, assurances and files included', async () => {
    const first = await createFile(server.context, null);
    const second = await createFile(server.context, null);
    const { order } = await createOrder(server.context, {
      body: body({ files: [second.id, first.id], comment: 'Срочно', promoCode: 'WELCOME10' }),
      idempotencyKey: 'write-order-1',
      caller: null,
    });
    expect(order.documents).toHaveLength(2);
    expect(order.documents[0]?.assurances).toHaveLength(1);
    expect(order.filesCount).toBe(2);
    expect(await loadReceipt(server.context.db, server.context.keys.trackingLink, order.id)).toEqual(order);

    const attached = await server.context.db
      .select({ fileId: orderFiles.fileId })
      .from(orderFiles)
      .where(eq(orderFiles.orderId, order.id))
      .orderBy(orderFiles.sortOrder);
    expect(attached.map((file) => file.fileId)).toEqual([second.id, first.id]);
    const [row] = await server.context.db.select().from(orders).where(eq(orders.id, order.id));
    const owned = await server.context.db.select().from(files).where(eq(files.orderId, order.id));
    expect(owned.map((file) => file.ownerUserId)).toEqual([row?.userId, row?.userId]);
    const [history] = await server.context.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id));
    expect(history).toMatchObject({ fromStatus: null, status: 'NEW', comment: 'Заказ оформлен' });
    const [event] = await server.context.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id));
    expect(event).toMatchObject({ eventType: 'order-created', payload: { promoCode: 'WELCOME10' } });
    const [notice] = await server.context.db
      .select()
      .from(notifications)
      .where(eq(notifications.orderId, order.id));
    expect(notice).toMatchObject({
      userId: row?.userId,
      type: 'ORDER_STATUS',
      title: `Заказ ${order.number}`,
      body: ORDER_RECEIVED_NOTICE,
      url: `/cabinet/orders/${order.id}`,
    });
  });

  it('keeps every digit of an id past 99999 in the number, and pads a short one to five', async () => {
    const { order: small } = await createOrder(server.context, {
      body: body(),
      idempotencyKey: undefined,
      caller: null,
    });
    expect(small.number).toMatch(new RegExp(`^\\d{4}-${String(small.id).padStart(5, '0')}$`));
    await server.context.db.execute(sql`select setval(pg_get_serial_sequence('orders', 'id'), 123455)`);
    const { order: large } = await createOrder(server.context, {
      body: body(),
      idempotencyKey: undefined,
      caller: null,
    });
    expect(large.id).toBe(123456);
    expect(large.number).toMatch(/^\d{4}-123456$/);
  });
});
