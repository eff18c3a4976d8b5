/**
 * Who reaches an order's conversation: the customer their own orders (the cabinet's reach, by
 * account or proven email), the office (ADMIN, MANAGER: the contract lets no one else call the
 * office's operations) every order. Anything else answers 404, as for an order that does not exist.
 */
import { and, eq } from 'drizzle-orm';
import type { MessageSide } from '../../../src/domain/order-messages';
import { scopeOwnOrdersFor } from '../../auth/ownership';
import type { SignedInUser } from '../../auth/tokens';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import { notFound } from '../../errors';

/** Who asks: the office, or a signed-in customer (whose own orders only are theirs). */
export type ConversationReader =
  | { side: Extract<MessageSide, 'BUREAU'> }
  | { side: Extract<MessageSide, 'CUSTOMER'>; user: Pick<SignedInUser, 'id' | 'email'> };

export async function orderOfSide(
  db: Database,
  reader: ConversationReader,
  orderId: number,
  /** Inside the write's transaction: hold the order's row until it commits. */
  lock = false,
): Promise<{ number: string; email: string }> {
  const own =
    reader.side === 'CUSTOMER'
      ? scopeOwnOrdersFor({ ...reader.user, role: 'USER', partnerId: null })
      : undefined;
  const query = db
    .select({ number: orders.number, email: orders.email })
    .from(orders)
    .where(and(eq(orders.id, orderId), own));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound('Заказ не найден');
  return row;
}
