/**
 * Moving an order's promised date (PATCH /api/order/due-date): staff say why, the change is kept
 * with the old and the new day (DUE_DATE, the reason as its comment), and the customer sees the
 * new date in the cabinet. Refused once the order is handed over or cancelled.
 */
import { eq } from 'drizzle-orm';
import { moscowDate } from '../../../src/domain/moscow-time';
import { ORDER_STATUS_LABELS, TERMINAL } from '../../../src/domain/order-status';
import { isCalendarDay } from '../../../src/domain/work-calendar';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import { notFound, ProductError } from '../../errors';
import { recordOrderChange } from './order-edits';
import type { StatusActor } from './order-status';

const invalid = (path: string, message: string) =>
  new ProductError('validation', 'VALIDATION_ERROR', message, [{ path, message }]);

export async function changeDueDate(
  db: Database,
  input: { orderId: number; dueDate: string; reason: string; actor: StatusActor },
): Promise<void> {
  const reason = input.reason.trim();
  if (!reason) throw invalid('/body/reason', 'Напишите, почему меняется срок');
  if (!isCalendarDay(input.dueDate)) throw invalid('/body/dueDate', 'Такой даты нет в календаре');
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!order) throw notFound('Заказ не найден');
    if (TERMINAL.includes(order.status))
      throw new ProductError(
        'conflict',
        'CONFLICT',
        `Срок нельзя изменить: заказ в статусе «${ORDER_STATUS_LABELS[order.status]}»`,
        { currentStatus: order.status },
      );
    if (input.dueDate < moscowDate(order.createdAt))
      throw invalid('/body/dueDate', 'Срок не может быть раньше дня, когда заказ оформлен');
    if (order.dueDate === input.dueDate) return;
    await tx
      .update(orders)
      .set({ dueDate: input.dueDate, updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    await recordOrderChange(tx, {
      orderId: order.id,
      field: 'DUE_DATE',
      oldValue: order.dueDate,
      newValue: input.dueDate,
      comment: reason,
      actor: input.actor,
    });
  });
}
