/**
 * A refund as the customer reads of it — in the cabinet's order, in mail and in notifications:
 * the amount, the reason, where it stands, and how the order was paid, which says when the money
 * arrives (src/domain/refunds.ts).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import { formatRubles } from '../../../src/domain/format';
import { type PaymentWay, refundArrival } from '../../../src/domain/refunds';
import type { Database } from '../../db/client';
import { orderEvents, refunds } from '../../db/schema';
import type { RefundFacts } from '../../mail/order-templates';
import { DEMO_PAYMENT_PREFIX, demoPaymentMethod } from './demo-provider';

export type CustomerRefund = components['schemas']['CustomerRefund'];

/**
 * How the refunded payment was made: a demo payment says it in its id; a YooKassa one in the
 * event its confirmation wrote (mark-paid.ts). Null for a payment confirmed before that was kept.
 */
export async function paymentWayOf(db: Database, orderId: number, paymentId: string): Promise<PaymentWay> {
  if (paymentId.startsWith(DEMO_PAYMENT_PREFIX)) return demoPaymentMethod(paymentId);
  const [event] = await db
    .select({ payload: orderEvents.payload })
    .from(orderEvents)
    .where(
      and(
        eq(orderEvents.orderId, orderId),
        eq(orderEvents.eventType, 'payment-received'),
        sql`${orderEvents.payload}->>'paymentId' = ${paymentId}`,
      ),
    )
    .orderBy(desc(orderEvents.createdAt))
    .limit(1);
  const method = event?.payload?.method;
  return method === 'card' || method === 'sbp' ? method : null;
}

/** The order's refund as its customer sees it (no provider's error text, no staff). */
export async function customerRefundOf(db: Database, orderId: number): Promise<CustomerRefund | null> {
  const [row] = await db.select().from(refunds).where(eq(refunds.orderId, orderId));
  if (!row) return null;
  return {
    amount: row.amount,
    reason: row.reason,
    status: row.status,
    paymentMethod: await paymentWayOf(db, orderId, row.paymentId),
    createdAt: row.createdAt.toISOString(),
    doneAt: row.doneAt?.toISOString() ?? null,
  };
}

/** What a refund mail says, read when it is sent. */
export async function refundMailFacts(db: Database, orderId: number): Promise<RefundFacts | null> {
  const refund = await customerRefundOf(db, orderId);
  return refund
    ? {
        amount: formatRubles(refund.amount),
        reason: refund.reason,
        arrival: refundArrival(refund.paymentMethod),
      }
    : null;
}
