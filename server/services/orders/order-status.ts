/**
 * The one way an order changes status, whoever moves it (staff, partner, customer, payment
 * callbacks): the status machine of src/domain/order-status.ts is checked against the row locked
 * for update, the history entry is written and the customer is notified and mailed (and a courier
 * parcel queued, status-effects.ts), all in one transaction
 * (a savepoint when the caller already holds one), so a rolled-back change leaves no trace and
 * notifies nobody. Two changes racing from the same status: the second waits for the first's
 * lock, then sees the new status and is refused with 409.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { allowedTransitions, ORDER_STATUS_LABELS, type OrderStatus } from '../../../src/domain/order-status';
import type { Role } from '../../../src/domain/roles';
import type { Database } from '../../db/client';
import { orderStatusHistory, orders } from '../../db/schema';
import { notFound, ProductError } from '../../errors';
import { afterStatusChange } from './status-effects';
import { unquotedLines } from './unquoted-lines';

export type OrderRow = typeof orders.$inferSelect;

export interface StatusActor {
  userId: number | null;
  email: string | null;
  /** SYSTEM: the bureau's own automation (payments, jobs); it follows the staff machine. */
  role: Role | 'SYSTEM';
}

export interface TransitionInput {
  orderId: number;
  to: OrderStatus;
  /** Optimistic concurrency: refused with 409 STATUS_CHANGED when the order is not in it. */
  expectedStatus?: OrderStatus;
  actor: StatusActor;
  comment?: string | null;
  /** Which orders the actor may reach (auth/ownership.ts); outside it the order is 404. */
  scope?: SQL;
  /** The caller tells the customer itself (a refund's one message says the order is cancelled). */
  quiet?: boolean;
}

export interface Transition {
  order: OrderRow;
  from: OrderStatus;
}

const label = (status: OrderStatus) => `«${ORDER_STATUS_LABELS[status]}»`;

export const statusChanged = (current: OrderStatus) =>
  new ProductError(
    'conflict',
    'STATUS_CHANGED',
    `Статус заказа уже изменился: сейчас ${label(current)}. Обновите заказ и повторите`,
    { currentStatus: current },
  );

export const transitionRefused = (from: OrderStatus, to: OrderStatus) =>
  new ProductError(
    'conflict',
    'CONFLICT',
    `Нельзя перевести заказ из статуса ${label(from)} в ${label(to)}`,
    {
      currentStatus: from,
    },
  );

export function statusesAllowedFor(from: OrderStatus, role: StatusActor['role']): readonly OrderStatus[] {
  return allowedTransitions(from, role === 'SYSTEM' ? 'ADMIN' : role);
}

export async function transitionOrder(executor: Database, input: TransitionInput): Promise<Transition> {
  return executor.transaction(async (tx) => {
    const where = input.scope ? and(eq(orders.id, input.orderId), input.scope) : eq(orders.id, input.orderId);
    const [current] = await tx.select({ status: orders.status }).from(orders).where(where).for('update');
    if (!current) throw notFound('Заказ не найден');
    const from = current.status;
    if (input.expectedStatus && input.expectedStatus !== from) throw statusChanged(from);
    if (!statusesAllowedFor(from, input.actor.role).includes(input.to))
      throw transitionRefused(from, input.to);
    // A document priced by estimate must have its price before the order is confirmed.
    if (from === 'NEW' && input.to !== 'CANCELLED') {
      const unquoted = await unquotedLines(tx, input.orderId);
      if (unquoted.length > 0)
        throw new ProductError(
          'conflict',
          'QUOTE_MISSING',
          `Сначала рассчитайте стоимость: ${unquoted.map((type) => `«${type}»`).join(', ')} ещё без цены`,
          { currentStatus: from },
        );
    }

    const at = new Date();
    const [order] = await tx
      .update(orders)
      .set({
        status: input.to,
        updatedAt: at,
        // The first payment's moment is kept: a later re-payment must not move it.
        ...(input.to === 'PAID' ? { paidAt: sql`coalesce(${orders.paidAt}, ${at})` } : {}),
      })
      .where(and(eq(orders.id, input.orderId), eq(orders.status, from)))
      .returning();
    // The row is locked, so it cannot have moved; kept as a guard against a future unlocked caller.
    if (!order) throw statusChanged(from);

    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: from,
      status: input.to,
      comment: input.comment?.trim() || null,
      actorUserId: input.actor.userId,
      actorEmail: input.actor.email,
      actorRole: input.actor.role === 'SYSTEM' ? null : input.actor.role,
      createdAt: at,
    });

    await afterStatusChange(tx, order, input.to, {
      tellCustomer: !input.quiet && (input.actor.userId === null || input.actor.userId !== order.userId),
    });
    return { order, from };
  });
}
