/** PATCH /api/order/status: the machine per role, reach, optimistic concurrency and offline replays. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../src/domain/order-status';
import { orderStatusHistory, orders } from '../../db/schema';
import { createOrder, createUser } from '../../test-support/fixtures';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let manager: SignedInTestUser;
let partner: SignedInTestUser;
let otherPartner: SignedInTestUser;

beforeAll(async () => {
  server = await startTestServer();
  manager = await signInAs(server.context, 'MANAGER');
  partner = await signInAs(server.context, 'PARTNER', { partnerId: 1 });
  otherPartner = await signInAs(server.context, 'PARTNER', { partnerId: 2 });
});
afterAll(() => server?.close());

async function orderIn(status: OrderStatus, partnerId: number | null = 1) {
  const customer = await createUser(server.context);
  const order = await createOrder(server.context, { userId: customer.id, partnerId });
  await server.context.db.update(orders).set({ status }).where(eq(orders.id, order.id));
  return order;
}

const move = (who: SignedInTestUser, body: object, key?: string) =>
  server.app.inject({
    method: 'PATCH',
    url: '/api/order/status',
    headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });

const history = (orderId: number) =>
  server.context.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId));

describe('changing an order status', () => {
  it('moves the order with a comment and records who did it', async () => {
    const order = await orderIn('NEW');
    const answer = await move(manager, { id: order.id, status: 'AWAITING_PAYMENT', comment: 'Проверено' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ id: order.id, status: 'AWAITING_PAYMENT' });
    expect(answer.headers['idempotent-replayed']).toBeUndefined();
    expect(await history(order.id)).toEqual([
      expect.objectContaining({
        fromStatus: 'NEW',
        status: 'AWAITING_PAYMENT',
        comment: 'Проверено',
        actorRole: 'MANAGER',
      }),
    ]);
  });

  it('refuses a move the machine forbids with 409 and the reason in Russian', async () => {
    const order = await orderIn('NEW');
    const answer = await move(manager, { id: order.id, status: 'COMPLETED' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({
      code: 'CONFLICT',
      message: 'Нельзя перевести заказ из статуса «Новый» в «Выполнен»',
      details: { currentStatus: 'NEW' },
    });
  });

  it('refuses with 409 STATUS_CHANGED when someone moved the order first', async () => {
    const order = await orderIn('AWAITING_PAYMENT');
    const answer = await move(manager, { id: order.id, status: 'CANCELLED', expectedStatus: 'NEW' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({
      code: 'STATUS_CHANGED',
      details: { currentStatus: 'AWAITING_PAYMENT' },
    });
  });

  it('lets two managers race: one move wins, the other gets 409', async () => {
    const order = await orderIn('PAID');
    const answers = await Promise.all([
      move(manager, { id: order.id, status: 'IN_TRANSLATION', expectedStatus: 'PAID' }),
      move(manager, { id: order.id, status: 'CANCELLED', expectedStatus: 'PAID' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await history(order.id)).toHaveLength(1);
  });

  it("lets a partner receive and hand over only their own points' orders", async () => {
    const order = await orderIn('IN_DELIVERY');
    expect((await move(otherPartner, { id: order.id, status: 'AT_PICKUP_POINT' })).statusCode).toBe(404);
    expect((await move(partner, { id: order.id, status: 'COMPLETED' })).statusCode).toBe(409);
    expect((await move(partner, { id: order.id, status: 'AT_PICKUP_POINT' })).statusCode).toBe(200);
    expect((await move(partner, { id: order.id, status: 'COMPLETED' })).statusCode).toBe(200);
    const ready = await orderIn('READY');
    expect((await move(partner, { id: ready.id, status: 'IN_DELIVERY' })).statusCode).toBe(409);
  });

  it('validates the body: unknown status, unknown field, missing id', async () => {
    const order = await orderIn('NEW');
    expect((await move(manager, { id: order.id, status: 'LOST' })).statusCode).toBe(400);
    expect((await move(manager, { id: order.id, status: 'CANCELLED', force: true })).statusCode).toBe(400);
    expect((await move(manager, { status: 'CANCELLED' })).statusCode).toBe(400);
    expect(
      (await move(manager, { id: order.id, status: 'CANCELLED', comment: 'x'.repeat(2001) })).statusCode,
    ).toBe(400);
  });
});

describe("a partner's change replayed from the phone's outbox", () => {
  it('is applied once: the repeat answers the order again, marked replayed', async () => {
    const order = await orderIn('IN_DELIVERY');
    const body = { id: order.id, status: 'AT_PICKUP_POINT', expectedStatus: 'IN_DELIVERY' };
    const first = await move(partner, body, 'outbox-change-0001');
    const again = await move(partner, body, 'outbox-change-0001');
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().status).toBe('AT_PICKUP_POINT');
    expect(await history(order.id)).toHaveLength(1);
  });

  it('sent twice at once still makes one change', async () => {
    const order = await orderIn('AT_PICKUP_POINT');
    const body = { id: order.id, status: 'COMPLETED', expectedStatus: 'AT_PICKUP_POINT' };
    const answers = await Promise.all([1, 2, 3].map(() => move(partner, body, 'outbox-change-0002')));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await history(order.id)).toHaveLength(1);
  });

  it('reports a conflict with a newer status instead of overwriting it, and keeps the key free', async () => {
    const order = await orderIn('IN_DELIVERY');
    await move(manager, { id: order.id, status: 'COMPLETED' });
    const body = { id: order.id, status: 'AT_PICKUP_POINT', expectedStatus: 'IN_DELIVERY' };
    const replay = await move(partner, body, 'outbox-change-0003');
    expect(replay.statusCode).toBe(409);
    expect(replay.json().code).toBe('STATUS_CHANGED');
    const [row] = await server.context.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('COMPLETED');
    // The refused change did not keep the key: another change may use it.
    const other = await orderIn('IN_DELIVERY');
    expect(
      (await move(partner, { id: other.id, status: 'AT_PICKUP_POINT' }, 'outbox-change-0003')).statusCode,
    ).toBe(200);
  });

  it('refuses the same key with another change (422), and keys are per caller', async () => {
    const order = await orderIn('IN_DELIVERY');
    await move(partner, { id: order.id, status: 'AT_PICKUP_POINT' }, 'outbox-change-0004');
    const reused = await move(partner, { id: order.id, status: 'COMPLETED' }, 'outbox-change-0004');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    // The same key from a manager is the manager's own key: a fresh change.
    expect(
      (await move(manager, { id: order.id, status: 'COMPLETED' }, 'outbox-change-0004')).statusCode,
    ).toBe(200);
  });
});
