/**
 * PATCH /api/order/status for staff and partners: transitionOrder within the caller's reach,
 * made exactly once per Idempotency-Key. A partner's phone replays a change queued offline; the
 * key is stored in the change's own transaction, so a replay after a lost answer gets the order
 * again (replayed) instead of a second move or a 409, and a refused change leaves the key free.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { OrderStatus } from '../../../src/domain/order-status';
import { scopeOrdersFor } from '../../auth/ownership';
import type { SignedInUser } from '../../auth/tokens';
import type { Database } from '../../db/client';
import { idempotencyKeys, orders } from '../../db/schema';
import { notFound } from '../../errors';
import { claimIdempotencyKey } from './idempotency-key';
import { loadOrder, type Order } from './load-order';
import { transitionOrder } from './order-status';

export interface StatusChangeRequest {
  id: number;
  status: OrderStatus;
  expectedStatus?: OrderStatus;
  comment?: string | null;
}

const KEY_REUSED = 'Этот ключ повтора уже использован для другого изменения статуса: повторите действие';

const changeHash = (change: StatusChangeRequest) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        change.id,
        change.status,
        change.expectedStatus ?? null,
        change.comment?.trim() || null,
      ]),
    )
    .digest('hex');

export async function changeOrderStatus(
  db: Database,
  caller: SignedInUser,
  change: StatusChangeRequest,
  idempotencyKey: string | undefined,
): Promise<{ order: Order; replayed: boolean }> {
  const scope = scopeOrdersFor(caller);
  // Scoped to the caller, like order creation's keys: nobody can replay or block another's key.
  const key = idempotencyKey && `order-status:user:${caller.id}:${idempotencyKey}`;
  const hash = changeHash(change);
  const replayed = await db.transaction(async (tx) => {
    if (key && !(await claimIdempotencyKey(tx, key, hash, KEY_REUSED)).fresh) return true;
    await transitionOrder(tx, {
      orderId: change.id,
      to: change.status,
      expectedStatus: change.expectedStatus,
      actor: { userId: caller.id, email: caller.email, role: caller.role },
      comment: change.comment,
      scope,
    });
    if (key) await tx.update(idempotencyKeys).set({ orderId: change.id }).where(eq(idempotencyKeys.key, key));
    return false;
  });
  if (replayed) {
    // The caller may have lost the order since (a partner moved to another partner).
    const [visible] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(scope ? and(eq(orders.id, change.id), scope) : eq(orders.id, change.id));
    if (!visible) throw notFound('Заказ не найден');
  }
  return { order: await loadOrder(db, change.id), replayed };
}
