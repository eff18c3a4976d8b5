/**
 * In-app notifications and their web push. notifyUser writes the notification and queues its
 * `send-push` task through the caller's own executor: called inside a transaction, a change that
 * rolls back leaves neither a notification nor a push behind.
 *
 * The task is written with pg-boss's own insert (through the executor) rather than ctx.jobs, so
 * services deep in a transaction need nothing but the transaction. Where pg-boss has never run on
 * the database (most server tests) there is no queue to write to: the notification is stored and
 * no push goes out, as with a device that has no subscription.
 */
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { notifications, orders, users } from '../db/schema';
import type { QueueTasks } from '../jobs/queues';
import { transactionExecutor } from './orders/order-received';

export type NotificationType = 'ORDER_STATUS' | 'PAYMENT' | 'INVOICE' | 'BROADCAST' | 'SYSTEM';

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

/**
 * Never started: it only builds pg-boss's job insert, which then runs on the executor given to
 * send(). The insert is the same SQL whichever instance builds it (the schema is pg-boss's
 * default), so the job lands in the caller's database and transaction.
 */
const jobWriter = new PgBoss({
  db: {
    executeSql: () => Promise.reject(new Error('the job writer sends only through an executor')),
  },
});

/**
 * One query: whether pg-boss has set up its schema here. A queue missing inside it needs no
 * check — pg-boss's insert joins the queue table and then writes nothing.
 */
async function hasJobTables(executor: Database): Promise<boolean> {
  const result = await executor.execute(sql`select to_regclass('pgboss.job') is not null as ready`);
  return (result as unknown as { rows: { ready: boolean }[] }).rows[0]?.ready === true;
}

/** Queues a push task in the executor's transaction; false where pg-boss is not set up. */
export async function queuePush(
  executor: Database,
  task: SendPushTask,
  options: { startAfter?: number } = {},
): Promise<boolean> {
  if (!(await hasJobTables(executor))) return false;
  await jobWriter.send('notification-tasks', task, {
    ...SEND_PUSH_OPTIONS,
    ...options,
    db: transactionExecutor(executor),
  });
  return true;
}

/** Many push tasks in one insert (a staff announcement to everyone). */
export async function queuePushes(executor: Database, tasks: SendPushTask[]): Promise<boolean> {
  if (tasks.length === 0 || !(await hasJobTables(executor))) return false;
  await jobWriter.insert(
    tasks.map((data) => ({ name: 'notification-tasks', data, ...SEND_PUSH_OPTIONS })),
    { db: transactionExecutor(executor) },
  );
  return true;
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
