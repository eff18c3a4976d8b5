/**
 * pg-boss 10 on the server's own database. On PostgreSQL it gets the connection string; on
 * PGlite it gets an `executeSql` adapter, because pg-boss cannot open PGlite itself. Parameterless
 * SQL from pg-boss may hold several statements (its schema migrations), which only `exec` runs.
 */
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client';
import type { StatementClient } from '../db/pglite-statements';
import { QUEUE_NAMES, type QueueName, type QueueTasks } from './queues';

/** One task for Jobs.insert: its queue, its data, and pg-boss's options for it. */
export type JobInsert = {
  [Q in QueueName]: PgBoss.JobInsert<object> & { name: Q; data: QueueTasks[Q] };
}[QueueName];

export interface Jobs {
  send<Q extends QueueName>(
    queue: Q,
    task: QueueTasks[Q],
    options?: PgBoss.SendOptions,
  ): Promise<string | null>;
  /** Tasks of any queues in one statement (a new order's tasks, written in its transaction). */
  insert(tasks: JobInsert[], options?: PgBoss.InsertOptions): Promise<void>;
  /** True between a successful start and stop. */
  isRunning(): boolean;
  /** The underlying pg-boss, for the queue and cron admin pages. */
  boss: PgBoss;
  stop(): Promise<void>;
}

function pgliteExecutor(pglite: StatementClient) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (!values || values.length === 0) {
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await pglite.query(text, values as never[]);
      return { rows: result.rows };
    },
  };
}

export async function startJobs(database: DatabaseHandle, onError: (error: Error) => void): Promise<Jobs> {
  const boss = database.statements
    ? new PgBoss({ db: pgliteExecutor(database.statements) })
    : new PgBoss({ connectionString: database.url as string, max: 4 });
  boss.on('error', onError);
  await boss.start();
  let running = true;
  const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
  for (const name of QUEUE_NAMES) {
    if (!existing.has(name)) await boss.createQueue(name);
  }
  return {
    boss,
    send: (queue, task, options = {}) => boss.send(queue, task as object, options),
    insert: (tasks, options = {}) => boss.insert(tasks, options),
    isRunning: () => running,
    async stop() {
      if (!running) return;
      running = false;
      // Graceful: active tasks get up to 10 s to finish before pg-boss marks them failed.
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
