/**
 * The mail of a message from the bureau the customer has not read (the `message-mail` task, due
 * MESSAGE_MAIL_DELAY_MINUTES after the message was sent). Read by then: nothing is sent — the push
 * did its work. A newer message of the bureau is unread too: its own task, due later, mails them
 * together, so a manager's three quick messages make one mail, 15 minutes after the last. Else one
 * mail carries the message and every earlier one still unread and not mailed, all marked with the
 * same `mailedAt` in the transaction that queues the mail: a retried task never mails twice.
 */
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderMessages, orders } from '../../db/schema';
import { queueOrderMail } from '../orders/order-mail';

export type MessageMailOutcome = 'mailed' | 'read' | 'already-mailed' | 'waits-for-newer' | 'gone';

export async function mailUnreadMessages(
  db: Database,
  task: { messageId: number },
  now = new Date(),
): Promise<MessageMailOutcome> {
  return db.transaction(async (tx) => {
    const [message] = await tx
      .select()
      .from(orderMessages)
      .where(eq(orderMessages.id, task.messageId))
      .for('update');
    if (message?.side !== 'BUREAU') return 'gone';
    if (message.readAt) return 'read';
    if (message.mailedAt) return 'already-mailed';
    const [newer] = await tx
      .select({ id: orderMessages.id })
      .from(orderMessages)
      .where(
        and(
          eq(orderMessages.orderId, message.orderId),
          eq(orderMessages.side, 'BUREAU'),
          isNull(orderMessages.readAt),
          gt(orderMessages.id, message.id),
        ),
      )
      .limit(1);
    if (newer) return 'waits-for-newer';
    const [order] = await tx
      .select({ email: orders.email })
      .from(orders)
      .where(eq(orders.id, message.orderId));
    if (!order) return 'gone';
    await tx
      .update(orderMessages)
      .set({ mailedAt: now })
      .where(
        and(
          eq(orderMessages.orderId, message.orderId),
          eq(orderMessages.side, 'BUREAU'),
          isNull(orderMessages.readAt),
          isNull(orderMessages.mailedAt),
          lte(orderMessages.id, message.id),
        ),
      );
    await queueOrderMail(tx, { id: message.orderId, email: order.email }, 'order-messages');
    return 'mailed';
  });
}
