/**
 * Refunds of paid orders the bureau cancels (POST /api/order/{id}/refund, ADMIN): one transaction
 * cancels the order, writes the refund (the whole payment by default, less for a partial one) and
 * its send-refund task; the task asks YooKassa (POST /v3/refunds with the refund's own
 * Idempotence-Key and a refund receipt) or settles a demo payment, and is retried until the
 * provider answers. A second request for the same order finds the first refund, never a second.
 * The customer is told when it is made and when it is done or refused (refund-notices.ts).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { formatRubles } from '../../../src/domain/format';
import { toKopecks, toRubles } from '../../../src/domain/pricing';
import { spreadByLargestRemainder } from '../../../src/domain/spread-amount';
import type { AppContext } from '../../app-context';
import type { SignedInUser } from '../../auth/tokens';
import type { Database } from '../../db/client';
import { orders, refunds } from '../../db/schema';
import { notFound, ProductError } from '../../errors';
import type { TaskResult } from '../../queue/queues';
import { sendInTransaction } from '../../queue/transaction';
import { transitionOrder } from '../orders/order-status';
import { DEMO_PAYMENT_PREFIX } from './demo-provider';
import type { PaymentReceipt } from './provider';
import { orderReceipt } from './receipts';
import { tellCustomerOfRefund } from './refund-notices';
import { createYookassaProvider } from './yookassa';

export const SEND_REFUND_OPTIONS = {
  retryLimit: 12,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 120,
} as const;

export type RefundRow = typeof refunds.$inferSelect;
export interface RefundView {
  amount: number;
  reason: string;
  status: RefundRow['status'];
  createdAt: string;
  doneAt: string | null;
  error: string | null;
}

const view = (row: RefundRow): RefundView => ({
  amount: row.amount,
  reason: row.reason,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  doneAt: row.doneAt?.toISOString() ?? null,
  error: row.error,
});

/**
 * A refund changes what its order brought in: touching the order lets the statistics' trigger mark
 * its day to be summed again (docs/decisions/0027, 0048), as a cancellation already does.
 */
const touchOrder = (tx: Database, orderId: number) =>
  tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, orderId));

const conflict = (message: string) => new ProductError('conflict', 'CONFLICT', message);

export async function refundOf(db: Database, orderId: number): Promise<{ refund: RefundView | null }> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Заказ не найден');
  const [row] = await db.select().from(refunds).where(eq(refunds.orderId, orderId));
  return { refund: row ? view(row) : null };
}

export async function refundOrder(
  ctx: AppContext,
  admin: SignedInUser,
  orderId: number,
  request: { amount?: number; reason: string },
): Promise<{ refund: RefundView; replayed: boolean }> {
  const reason = request.reason.trim();
  if (!reason) throw new ProductError('validation', 'VALIDATION_ERROR', 'Укажите причину возврата');
  const outcome = await ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound('Заказ не найден');
    const [existing] = await tx.select().from(refunds).where(eq(refunds.orderId, orderId));
    const amount = request.amount ?? order.amount;
    if (existing) {
      // The same request again (a double click, a lost answer): the refund already made.
      if (toKopecks(existing.amount) === toKopecks(amount))
        return { row: existing, replayed: true, queued: true };
      throw conflict(`По заказу уже оформлен возврат ${formatRubles(existing.amount)}`);
    }
    if (!order.paidAt || !order.paymentId) throw conflict('Заказ не оплачен онлайн: возвращать нечего');
    if (order.payerType === 'LEGAL')
      throw conflict('Заказ организации оплачен по счёту: верните деньги платёжным поручением');
    if (amount <= 0 || toKopecks(amount) > toKopecks(order.amount))
      throw new ProductError(
        'validation',
        'VALIDATION_ERROR',
        `Сумма возврата — от 0,01 ₽ до суммы заказа, ${formatRubles(order.amount)}`,
      );
    if (order.status !== 'CANCELLED')
      await transitionOrder(tx, {
        orderId,
        to: 'CANCELLED',
        actor: { userId: admin.id, email: admin.email, role: admin.role },
        comment: `Возврат ${formatRubles(amount)}: ${reason}`,
        quiet: true,
      });
    const [row] = await tx
      .insert(refunds)
      .values({
        orderId,
        amount,
        reason,
        paymentId: order.paymentId,
        idempotenceKey: randomUUID(),
        actorUserId: admin.id,
      })
      .returning();
    if (!row) throw new Error('refund insert returned no row');
    await touchOrder(tx, orderId);
    await tellCustomerOfRefund(tx, row, 'PENDING');
    const queued = await sendInTransaction(
      tx,
      'sync-tasks',
      { name: 'send-refund', refundId: row.id, orderId },
      SEND_REFUND_OPTIONS,
    );
    return { row, replayed: false, queued };
  });
  let row = outcome.row;
  // Without the job queue (the embedded tests), the refund is sent now; a failure stays PENDING.
  if (!outcome.queued) {
    await sendRefund(ctx, row.id).catch(() => undefined);
    [row = outcome.row] = await ctx.db.select().from(refunds).where(eq(refunds.id, row.id));
  }
  return { refund: view(row), replayed: outcome.replayed };
}

/** The order's receipt items scaled to the refunded amount, to the kopeck. */
function refundReceipt(receipt: PaymentReceipt, amount: number): PaymentReceipt {
  const parts = spreadByLargestRemainder(
    receipt.items.map((item) => toKopecks(item.amount)),
    toKopecks(amount),
  );
  return {
    customer: receipt.customer,
    items: receipt.items
      .map((item, index) => ({ description: item.description, amount: toRubles(parts[index] as number) }))
      .filter((item) => item.amount > 0),
  };
}

async function settle(ctx: AppContext, row: RefundRow, change: Partial<RefundRow>): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.update(refunds).set(change).where(eq(refunds.id, row.id));
    await touchOrder(tx, row.orderId);
    if (change.status) await tellCustomerOfRefund(tx, row, change.status);
  });
}

/** The send-refund task: asks the provider for the refund until it says how it stands. */
export async function sendRefund(ctx: AppContext, refundId: number): Promise<TaskResult> {
  const [row] = await ctx.db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!row) return { refused: 'Возврат не найден' };
  if (row.status !== 'PENDING') return { refused: 'Возврат уже выполнен или отклонён' };
  if (row.paymentId.startsWith(DEMO_PAYMENT_PREFIX)) {
    await settle(ctx, row, { status: 'SUCCEEDED', doneAt: new Date(), error: null });
    return { payload: { refund: 'demo', amount: row.amount } };
  }
  const settings = ctx.config.payments.yookassa;
  if (!settings) return { refused: 'ЮKassa не настроена: возврат не отправлен' };
  const provider = createYookassaProvider({ ...settings, vatCode: ctx.config.payments.vatCode });
  const { receipt } = await orderReceipt(ctx.db, row.orderId);
  let answer: Awaited<ReturnType<typeof provider.createRefund>>;
  try {
    answer = await provider.createRefund({
      paymentId: row.paymentId,
      amount: row.amount,
      description: row.reason,
      receipt: refundReceipt(receipt, row.amount),
      idempotenceKey: row.idempotenceKey,
    });
  } catch (error) {
    await ctx.db
      .update(refunds)
      .set({ error: error instanceof Error ? error.message : String(error) })
      .where(eq(refunds.id, row.id));
    throw error;
  }
  if (answer.status === 'succeeded')
    await settle(ctx, row, {
      status: 'SUCCEEDED',
      providerRefundId: answer.id,
      doneAt: new Date(),
      error: null,
    });
  else if (answer.status === 'canceled')
    await settle(ctx, row, {
      status: 'FAILED',
      providerRefundId: answer.id,
      doneAt: new Date(),
      error: answer.reason,
    });
  else {
    await ctx.db.update(refunds).set({ providerRefundId: answer.id }).where(eq(refunds.id, row.id));
    throw new Error('ЮKassa ещё обрабатывает возврат: спросим снова');
  }
  return { payload: { refundId: answer.id, status: answer.status } };
}
