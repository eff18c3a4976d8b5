/**
 * Money returned for a paid order the bureau cancelled: one refund per order (a second request
 * finds the first), the amount (the whole payment or less), the reason, and where it stands at
 * the payment provider. The Idempotence-Key is made once with the row, so every retry of the
 * send-refund task asks the provider for the same refund.
 */
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, moment, money } from './columns';
import { refundStatusEnum } from './enums';
import { orders } from './orders';
import { users } from './people';

export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    status: refundStatusEnum('status').notNull().default('PENDING'),
    /** The payment refunded, as the provider knows it. */
    paymentId: text('payment_id').notNull(),
    idempotenceKey: text('idempotence_key').notNull(),
    providerRefundId: text('provider_refund_id'),
    error: text('error'),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: moment('created_at').notNull().defaultNow(),
    doneAt: moment('done_at'),
  },
  (t) => [uniqueIndex('refunds_order_unique').on(t.orderId), index('refunds_created_idx').on(t.createdAt)],
);
