/**
 * Who in the office handles an order (PATCH /api/order/assignee): an active ADMIN or MANAGER, or
 * nobody. The change is kept with the old and the new name (ASSIGNEE), names as they were then.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import { notFound, ProductError } from '../../errors';
import { staffMemberById } from '../people/staff-members';
import { recordOrderChange } from './order-edits';
import type { StatusActor } from './order-status';

export async function assignOrder(
  db: Database,
  input: { orderId: number; assigneeId: number | null; actor: StatusActor },
): Promise<void> {
  const next = input.assigneeId === null ? null : await staffMemberById(db, input.assigneeId);
  if (input.assigneeId !== null && !next?.active) {
    const message = 'Заказ можно назначить только администратору или менеджеру с действующим доступом';
    throw new ProductError('validation', 'VALIDATION_ERROR', message, [
      { path: '/body/assigneeId', message },
    ]);
  }
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, assigneeId: orders.assigneeId })
      .from(orders)
      .where(eq(orders.id, input.orderId))
      .for('update');
    if (!order) throw notFound('Заказ не найден');
    if (order.assigneeId === input.assigneeId) return;
    const before = order.assigneeId === null ? null : await staffMemberById(tx, order.assigneeId);
    await tx
      .update(orders)
      .set({ assigneeId: input.assigneeId, updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    await recordOrderChange(tx, {
      orderId: order.id,
      field: 'ASSIGNEE',
      oldValue: before?.name ?? null,
      newValue: next?.name ?? null,
      actor: input.actor,
    });
  });
}
