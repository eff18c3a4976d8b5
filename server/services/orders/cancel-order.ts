/**
 * A customer cancels their own order from the cabinet. Only before payment (the status machine's
 * CUSTOMER_CANCELLABLE); afterwards a refund is the bureau's decision, and the customer is told
 * so in words rather than with the machine's generic refusal. The change itself goes through
 * transitionOrder, which locks the row, writes the history and notifies.
 */
import {
  CUSTOMER_CANCELLABLE,
  ORDER_STATUS_LABELS,
  type OrderStatus,
} from '../../../src/domain/order-status';
import { scopeOwnOrdersFor } from '../../auth/ownership';
import type { Database } from '../../db/client';
import { ProductError } from '../../errors';
import type { CustomerOrder } from './customer-order-views';
import { type Customer, findCustomerOrderRow, loadCustomerOrder } from './customer-orders';
import { transitionOrder } from './order-status';

export function cannotCancel(status: OrderStatus): ProductError {
  const reason =
    status === 'CANCELLED'
      ? 'Заказ уже отменён'
      : status === 'COMPLETED'
        ? 'Заказ уже выполнен, отменить его нельзя'
        : `Заказ в статусе «${ORDER_STATUS_LABELS[status]}» отменить нельзя: он уже оплачен или в работе. Свяжитесь с нами, если хотите отказаться от заказа`;
  return new ProductError('conflict', 'CONFLICT', reason, { currentStatus: status });
}

export async function cancelCustomerOrder(
  db: Database,
  customer: Customer,
  orderId: number,
): Promise<{ order: CustomerOrder; message: string }> {
  const row = await findCustomerOrderRow(db, customer, orderId);
  if (!CUSTOMER_CANCELLABLE.includes(row.status)) throw cannotCancel(row.status);
  try {
    await transitionOrder(db, {
      orderId,
      to: 'CANCELLED',
      // What was checked above: a staff move in between is refused rather than overridden.
      expectedStatus: row.status,
      // In the cabinet everyone is a customer: an ADMIN's own order follows the customer's rules.
      actor: { userId: customer.id, email: customer.email, role: 'USER' },
      comment: 'Отменён клиентом',
      scope: scopeOwnOrdersFor({ ...customer, role: 'USER', partnerId: null }),
    });
  } catch (error) {
    const current = (error as ProductError).details as { currentStatus?: OrderStatus } | undefined;
    // Moved meanwhile out of reach of the customer: say why; still cancellable: «refresh and retry».
    const moved = current?.currentStatus;
    if (
      error instanceof ProductError &&
      error.kind === 'conflict' &&
      moved &&
      !CUSTOMER_CANCELLABLE.includes(moved)
    )
      throw cannotCancel(moved);
    throw error;
  }
  return { order: await loadCustomerOrder(db, orderId), message: `Заказ № ${row.number} отменён` };
}
