/**
 * The periodic check-new-paid-orders: every order awaiting payment with a card payment started is
 * looked up at the payment provider, and one it reports paid gets a change-status task to PAID —
 * the safety net for a provider's notification that never reached us. One order the provider
 * cannot answer for does not stop the others; a run where every question failed fails.
 */
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { orders } from '../../db/schema';
import { queueChangeStatus, runChangeStatus } from '../orders/automatic-status';
import { paymentProviderFor } from './configured-provider';

/** Orders asked about per run, the oldest first. */
const PER_RUN = 300;

export interface PaidOrdersCheck {
  checked: number;
  paid: number;
  failed: number;
}

export async function checkNewPaidOrders(ctx: AppContext): Promise<PaidOrdersCheck> {
  const waiting = await ctx.db
    .select({ id: orders.id, paymentId: orders.paymentId })
    .from(orders)
    .where(and(eq(orders.status, 'AWAITING_PAYMENT'), isNotNull(orders.paymentId), isNull(orders.paidAt)))
    .orderBy(asc(orders.updatedAt))
    .limit(PER_RUN);
  const provider = paymentProviderFor(ctx.config, ctx.db);
  const result: PaidOrdersCheck = { checked: 0, paid: 0, failed: 0 };
  let firstError: unknown;
  for (const order of waiting) {
    const paymentId = order.paymentId as string;
    try {
      const payment = await provider.getPayment(paymentId);
      result.checked++;
      // The provider's own record must name this order, when it records one at all.
      const ours = payment?.orderId === null || payment?.orderId === order.id;
      if (!payment?.paid || payment.status !== 'succeeded' || !ours) continue;
      const task = {
        name: 'change-status' as const,
        orderId: order.id,
        status: 'PAID' as const,
        from: 'AWAITING_PAYMENT' as const,
        paymentId,
        paymentMethod: payment.method,
        comment: 'Оплата найдена при проверке платёжного сервиса',
      };
      // Without pg-boss (tools, tests) the move is made at once.
      if (!(await queueChangeStatus(ctx.db, task))) await runChangeStatus(ctx, task);
      result.paid++;
    } catch (error) {
      result.failed++;
      firstError ??= error;
    }
  }
  if (result.failed > 0 && result.checked === 0) throw firstError;
  return result;
}
