/** transitionOrder: the status machine, optimistic concurrency, history, and racing changes. */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../src/domain/order-status';
import { notifications, orderStatusHistory, orders } from '../../db/schema';
import { ProductError } from '../../errors';
import { toErrorAnswer } from '../../http/errors';
import { createOrder, createUser } from '../../test-support/fixtures';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { transitionOrder } from './order-status';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const manager = { userId: null, email: 'manager@perevod.local', role: 'MANAGER' } as const;

async function orderIn(status: OrderStatus, partnerId: number | null = null) {
  const customer = await createUser(server.context);
  const order = await createOrder(server.context, { userId: customer.id, partnerId });
  await server.context.db.update(orders).set({ status }).where(eq(orders.id, order.id));
  return order;
}

const historyOf = (orderId: number) =>
  server.context.db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.id));

/** A refusal as the HTTP layer answers it: the status code, and the body's code and message. */
function answerOf(error: unknown) {
  const { status, body } = toErrorAnswer(error);
  return { statusCode: status, ...body };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProductError);
  return answerOf(error);
}

describe('transitionOrder', () => {
  it('moves the order, returns the previous status and writes who, when and the comment', async () => {
    const order = await orderIn('NEW');
    const before = Date.now();
    const { order: after, from } = await transitionOrder(server.context.db, {
      orderId: order.id,
      to: 'AWAITING_PAYMENT',
      expectedStatus: 'NEW',
      actor: manager,
      comment: '  Проверено, можно оплачивать ',
    });
    expect(from).toBe('NEW');
    expect(after.status).toBe('AWAITING_PAYMENT');
    const history = await historyOf(order.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      fromStatus: 'NEW',
      status: 'AWAITING_PAYMENT',
      comment: 'Проверено, можно оплачивать',
      actorEmail: 'manager@perevod.local',
      actorRole: 'MANAGER',
    });
    expect(history[0]?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const told = await server.context.db
      .select()
      .from(notifications)
      .where(eq(notifications.orderId, order.id));
    expect(told).toEqual([
      expect.objectContaining({
        userId: order.userId,
        type: 'ORDER_STATUS',
        title: `Заказ ${order.number}`,
        body: 'Стоимость подтверждена — заказ можно оплатить',
      }),
    ]);
  });

  it('does not notify the customer about their own cancellation', async () => {
    const order = await orderIn('NEW');
    await transitionOrder(server.context.db, {
      orderId: order.id,
      to: 'CANCELLED',
      actor: { userId: order.userId, email: order.email, role: 'USER' },
    });
    const told = await server.context.db
      .select()
      .from(notifications)
      .where(eq(notifications.orderId, order.id));
    expect(told).toEqual([]);
  });

  it('refuses a move the machine forbids with 409 and a Russian reason, and changes nothing', async () => {
    const order = await orderIn('NEW');
    const error = await refusal(
      transitionOrder(server.context.db, { orderId: order.id, to: 'READY', actor: manager }),
    );
    expect(error.statusCode).toBe(409);
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe('Нельзя перевести заказ из статуса «Новый» в «Готов»');
    const [row] = await server.context.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('NEW');
    expect(await historyOf(order.id)).toHaveLength(0);
  });

  it('lets a partner only receive and hand over, and a customer only cancel early', async () => {
    const partner = { userId: null, email: null, role: 'PARTNER' } as const;
    const inDelivery = await orderIn('IN_DELIVERY', 1);
    await transitionOrder(server.context.db, {
      orderId: inDelivery.id,
      to: 'AT_PICKUP_POINT',
      actor: partner,
    });
    const ready = await orderIn('READY', 1);
    expect(
      (
        await refusal(
          transitionOrder(server.context.db, { orderId: ready.id, to: 'COMPLETED', actor: partner }),
        )
      ).statusCode,
    ).toBe(409);
    const customer = { userId: null, email: null, role: 'USER' } as const;
    const paid = await orderIn('PAID');
    expect(
      (
        await refusal(
          transitionOrder(server.context.db, { orderId: paid.id, to: 'CANCELLED', actor: customer }),
        )
      ).statusCode,
    ).toBe(409);
  });

  it('refuses with 409 STATUS_CHANGED when the order is no longer in the expected status', async () => {
    const order = await orderIn('AWAITING_PAYMENT');
    const error = await refusal(
      transitionOrder(server.context.db, {
        orderId: order.id,
        to: 'AWAITING_PAYMENT',
        expectedStatus: 'NEW',
        actor: manager,
      }),
    );
    expect(error.statusCode).toBe(409);
    expect(error.code).toBe('STATUS_CHANGED');
    expect(error.message).toContain('«Ожидает оплаты»');
    expect(error.details).toEqual({ currentStatus: 'AWAITING_PAYMENT' });
  });

  it('answers 404 for a missing order and for one outside the caller’s scope', async () => {
    expect(
      (await refusal(transitionOrder(server.context.db, { orderId: 987654, to: 'PAID', actor: manager })))
        .statusCode,
    ).toBe(404);
    const other = await orderIn('IN_DELIVERY', 2);
    const error = await refusal(
      transitionOrder(server.context.db, {
        orderId: other.id,
        to: 'AT_PICKUP_POINT',
        actor: { userId: null, email: null, role: 'PARTNER' },
        scope: eq(orders.partnerId, 1),
      }),
    );
    expect(error.statusCode).toBe(404);
  });

  it('records the first payment moment for SYSTEM moves', async () => {
    const order = await orderIn('AWAITING_PAYMENT');
    const { order: paid } = await transitionOrder(server.context.db, {
      orderId: order.id,
      to: 'PAID',
      actor: { userId: null, email: null, role: 'SYSTEM' },
    });
    expect(paid.paidAt).toBeInstanceOf(Date);
    const [entry] = await historyOf(order.id);
    expect(entry?.actorRole).toBeNull();
  });

  it('of two parallel changes from the same status one wins and the other gets 409', async () => {
    const order = await orderIn('NEW');
    const results = await Promise.allSettled([
      transitionOrder(server.context.db, {
        orderId: order.id,
        to: 'AWAITING_PAYMENT',
        expectedStatus: 'NEW',
        actor: manager,
      }),
      transitionOrder(server.context.db, {
        orderId: order.id,
        to: 'CANCELLED',
        expectedStatus: 'NEW',
        actor: manager,
      }),
    ]);
    const won = results.filter((result) => result.status === 'fulfilled');
    const lost = results.filter((result) => result.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(answerOf((lost[0] as PromiseRejectedResult).reason)).toMatchObject({
      statusCode: 409,
      code: 'STATUS_CHANGED',
    });
    const history = await historyOf(order.id);
    expect(history).toHaveLength(1);
    const [row] = await server.context.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe(history[0]?.status);
  });

  it('leaves no trace when the caller’s transaction rolls back', async () => {
    const order = await orderIn('NEW');
    await expect(
      server.context.db.transaction(async (tx) => {
        await transitionOrder(tx, { orderId: order.id, to: 'CANCELLED', actor: manager });
        throw new Error('the payment callback failed after the move');
      }),
    ).rejects.toThrow('the payment callback failed');
    const [row] = await server.context.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('NEW');
    expect(await historyOf(order.id)).toHaveLength(0);
    const told = await server.context.db
      .select()
      .from(notifications)
      .where(eq(notifications.orderId, order.id));
    expect(told).toEqual([]);
  });
});
