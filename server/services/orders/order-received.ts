/**
 * What follows a new order: the customer's confirmation email and the monitoring event. It runs
 * as the `order-received` task of the order-processing queue, sent inside the order's own
 * transaction, so an order never exists without it and it never runs for an order rolled back.
 */
import type PgBoss from 'pg-boss';
import { formatRubles } from '../../../src/domain/format';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { orderEvents } from '../../db/schema';
import { type DocumentTaskName, runDocumentTask } from '../documents/make-document';
import { loadOrder } from './load-order';

/**
 * pg-boss writes its job with the transaction's own connection: drizzle's transaction keeps the
 * driver's client (PGlite's transaction or a pg PoolClient), and both answer query(text, values).
 */
export function transactionExecutor(tx: Database): PgBoss.Db {
  const client = (
    tx as unknown as {
      session: { client: { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } };
    }
  ).session.client;
  return {
    executeSql: async (text: string, values: unknown[]) => {
      const result = await client.query(text, values);
      return { rows: result.rows as never[] };
    },
  };
}

export async function queueOrderReceived(ctx: AppContext, orderId: number): Promise<void> {
  const order = await loadOrder(ctx.db, orderId);
  await ctx.mail.send({
    template: 'order-received',
    to: order.email,
    orderId,
    params: {
      number: order.number,
      amount: formatRubles(order.amount),
      link: `${ctx.config.publicUrl}/cabinet/orders/${order.id}`,
    },
  });
  await ctx.db.insert(orderEvents).values({ orderId, eventType: 'order-received-email', success: true });
}

/** The order-processing worker for order-received tasks (started with the server's jobs). */
export async function startOrderWorker(ctx: AppContext, onError: (error: unknown) => void): Promise<void> {
  const jobs = ctx.jobs;
  if (!jobs) return;
  jobs.work(
    'order-processing',
    { pollingIntervalSeconds: 0.5, batchSize: 5 },
    async (task) => {
      if (task.name === 'order-received') await queueOrderReceived(ctx, task.orderId);
      if (task.name === 'make-invoice' || task.name === 'make-act')
        await runDocumentTask(ctx, task.name as DocumentTaskName, task.orderId);
    },
    onError,
  );
}
