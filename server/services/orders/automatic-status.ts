/**
 * The change-status task (order-processing queue): the automation moves an order — a payment
 * found at the provider, a parcel's progress at the courier service — through the one way a status
 * changes (transitionOrder, as SYSTEM). The move was decided in status `from`; an order that
 * people moved meanwhile is left alone and the order's log says why. A payment goes through
 * markOrderPaid, which pays an order once however many confirmations arrive.
 */
import { eq } from 'drizzle-orm';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../src/domain/order-status';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import { ProductError } from '../../errors';
import type { QueueTasks, TaskResult } from '../../queue/queues';
import { sendInTransaction } from '../../queue/transaction';
import { markOrderPaid } from '../payments/mark-paid';
import { transitionOrder } from './order-status';

export type ChangeStatusTask = Extract<QueueTasks['order-processing'], { name: 'change-status' }>;

const SYSTEM = { userId: null, email: null, role: 'SYSTEM' } as const;

/**
 * Retried for a database that is away; one task per order and target in five minutes, so two
 * checks that find the same payment queue one move.
 */
export function changeStatusOptions(task: ChangeStatusTask) {
  return {
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 120,
    singletonKey: `${task.orderId}:${task.status}`,
    singletonSeconds: 300,
  };
}

/** Queues the move in the executor's transaction; false where pg-boss is not set up. */
export function queueChangeStatus(executor: Database, task: ChangeStatusTask): Promise<boolean> {
  return sendInTransaction(executor, 'order-processing', task, changeStatusOptions(task));
}

const label = (status: OrderStatus) => `«${ORDER_STATUS_LABELS[status]}»`;

async function payOrder(
  ctx: AppContext,
  task: ChangeStatusTask & { paymentId: string },
): Promise<TaskResult> {
  const outcome = await markOrderPaid(ctx.db, task.orderId, task.paymentId, task.paymentMethod ?? null);
  if (outcome === 'paid') return { payload: { moved: true } };
  if (outcome === 'already-paid') return { payload: { moved: false, note: 'Заказ уже оплачен' } };
  if (outcome === 'no-order') return { refused: 'Заказ удалён' };
  return { refused: 'Оплата пришла, когда заказ уже не ждал оплаты: нужна проверка или возврат' };
}

export async function runChangeStatus(ctx: AppContext, task: ChangeStatusTask): Promise<TaskResult> {
  if (task.status === 'PAID' && task.paymentId) return payOrder(ctx, { ...task, paymentId: task.paymentId });
  try {
    await transitionOrder(ctx.db, {
      orderId: task.orderId,
      to: task.status,
      expectedStatus: task.from,
      actor: SYSTEM,
      comment: task.comment,
    });
    return { payload: { moved: true } };
  } catch (error) {
    if (!(error instanceof ProductError) || (error.kind !== 'conflict' && error.kind !== 'not-found'))
      throw error;
    if (error.kind === 'not-found') return { refused: 'Заказ удалён' };
    const [order] = await ctx.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, task.orderId));
    if (order?.status === task.status)
      return { payload: { moved: false, note: `Заказ уже ${label(task.status)}` } };
    return {
      refused: `Заказ в статусе ${label(order?.status ?? task.from ?? task.status)}: переход в ${label(task.status)} не выполнен`,
    };
  }
}
