/**
 * Tasks written in the transaction of the change that causes them: an order never exists
 * without its order-received task, and a change rolled back leaves no task behind. pg-boss writes
 * the job through the transaction's own connection, and services deep in a transaction need
 * nothing but the transaction (no AppContext, no running pg-boss).
 */
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import type { QueueName, QueueTasks } from './queues';

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
 * One query: whether pg-boss has set up its schema here. Where it never ran (most server tests)
 * there is no queue to write to. A queue missing inside it needs no check — pg-boss's insert
 * joins the queue table and then writes nothing.
 */
export async function hasJobTables(executor: Database): Promise<boolean> {
  const [row] = await rowsOf<{ ready: boolean }>(
    executor,
    sql`select to_regclass('pgboss.job') is not null as ready`,
  );
  return row?.ready === true;
}

/** One task in the executor's transaction; false where pg-boss is not set up. */
export async function sendInTransaction<Q extends QueueName>(
  executor: Database,
  queue: Q,
  task: QueueTasks[Q],
  options: PgBoss.SendOptions = {},
): Promise<boolean> {
  if (!(await hasJobTables(executor))) return false;
  await jobWriter.send(queue, task as object, { ...options, db: transactionExecutor(executor) });
  return true;
}

/** Many tasks of one queue in one insert; false where pg-boss is not set up. */
export async function insertInTransaction<Q extends QueueName>(
  executor: Database,
  queue: Q,
  tasks: QueueTasks[Q][],
  options: Omit<PgBoss.JobInsert, 'name' | 'data'> = {},
): Promise<boolean> {
  if (tasks.length === 0 || !(await hasJobTables(executor))) return false;
  await jobWriter.insert(
    tasks.map((data) => ({ name: queue, data: data as object, ...options })),
    { db: transactionExecutor(executor) },
  );
  return true;
}
