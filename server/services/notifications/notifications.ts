/**
 * In-app notifications and their web push. notifyUser writes the notification and queues its
 * `send-push` task through the caller's own executor: called inside a transaction, a change that
 * rolls back leaves neither a notification nor a push behind.
 *
 * The task is written through the executor (server/queue/transaction.ts) rather than ctx.jobs, so
 * services deep in a transaction need nothing but the transaction. Where pg-boss has never run on
 * the database (most server tests) there is no queue to write to: the notification is stored and
 * no push goes out, as with a device that has no subscription.
 */
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifications, orders, users } from '../../db/schema';
import type { QueueTasks } from '../../queue/queues';
import { insertInTransaction, sendInTransaction } from '../../queue/transaction';

export type NotificationType = 'ORDER_STATUS' | 'PAYMENT' | 'INVOICE' | 'MESSAGE' | 'BROADCAST' | 'SYSTEM';

export interface NewNotification {
  userId: number;
  type: NotificationType;
  title: string;
  body: string;
  orderId?: number | null;
  url?: string | null;
}

export type SendPushTask = Extract<QueueTasks['notification-tasks'], { name: 'send-push' }>;

/**
 * pg-boss does not retry a push task: a retry of the whole task would repeat the message on the
 * devices it reached. The delivery queues its own retry for the devices that failed.
 */
export const SEND_PUSH_OPTIONS = { retryLimit: 0, expireInSeconds: 120 } as const;

/** Queues a push task in the executor's transaction; false where pg-boss is not set up. */
export async function queuePush(
  executor: Database,
  task: SendPushTask,
  options: { startAfter?: number } = {},
): Promise<boolean> {
  return sendInTransaction(executor, 'notification-tasks', task, { ...SEND_PUSH_OPTIONS, ...options });
}

/** Many push tasks in one insert (a staff announcement to everyone). */
export async function queuePushes(executor: Database, tasks: SendPushTask[]): Promise<boolean> {
  return insertInTransaction(executor, 'notification-tasks', tasks, SEND_PUSH_OPTIONS);
}

export const orderUrl = (orderId: number) => `/cabinet/orders/${orderId}`;

/** Stores a notification for the user and queues its push to each of their devices. */
export async function notifyUser(executor: Database, n: NewNotification): Promise<void> {
  const orderId = n.orderId ?? null;
  const [row] = await executor
    .insert(notifications)
    .values({
      userId: n.userId,
      type: n.type,
      title: n.title,
      body: n.body,
      orderId,
      url: n.url ?? (orderId === null ? null : orderUrl(orderId)),
    })
    .returning({ id: notifications.id });
  if (row) await queuePush(executor, { name: 'send-push', notificationId: row.id });
}

/**
 * The account an order's customer uses: the order's own user, else the account that signed in
 * with the order's email (an order placed before the account existed). Null: nobody to notify.
 */
export async function findOrderCustomer(executor: Database, orderId: number): Promise<number | null> {
  const [order] = await executor
    .select({ userId: orders.userId, email: orders.email })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return null;
  if (order.userId !== null) return order.userId;
  const [account] = await executor
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${order.email})`,
        // Signed in at least once: the email was proved, not just typed into someone's order.
        isNotNull(users.lastLoginAt),
        eq(users.isBlocked, false),
      ),
    )
    .orderBy(desc(users.lastLoginAt))
    .limit(1);
  return account?.id ?? null;
}

/** notifyUser for the order's customer; does nothing when the customer has no account. */
export async function notifyOrderCustomer(
  executor: Database,
  orderId: number,
  n: Omit<NewNotification, 'userId' | 'orderId'> & { orderId?: number | null },
): Promise<void> {
  const userId = await findOrderCustomer(executor, orderId);
  if (userId === null) return;
  await notifyUser(executor, { ...n, userId, orderId: n.orderId ?? orderId });
}
