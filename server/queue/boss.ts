/**
 * pg-boss 10 on the server's own database. On PostgreSQL it gets the connection string; on
 * PGlite it gets an `executeSql` adapter, because pg-boss cannot open PGlite itself. Parameterless
 * SQL from pg-boss may hold several statements (its schema migrations), which only `exec` runs.
 */
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../db/client';
import { isDatabaseUnavailable } from '../db/errors';
import type { StatementClient } from '../db/pglite-statements';
import { briefError } from '../logger';
import { ALL_QUEUES, type QueueName, type QueueTasks } from './queues';
import { recordTaskOutcome } from './task-events';
import { type QueueWorker, type QueueWorkerOptions, startQueueWorker, type TaskHandler } from './worker';

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
  /**
   * Works a queue with our own loop (worker.ts); stopped before pg-boss stops. Every
   * attempt of a task carrying an orderId goes to the order's event log (task-events.ts).
   */
  work<Q extends QueueName>(
    queue: Q,
    options: QueueWorkerOptions,
    handle: TaskHandler<Q>,
    onError: (error: unknown, task: QueueTasks[Q] | undefined) => void,
  ): QueueWorker;
  /** Fetch now on every worker of this queue in this process (a task was just sent). */
  wake(queue: QueueName): void;
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

/**
 * On PostgreSQL pg-boss gets a pool of ours rather than opening its own: ours gives every
 * client an error listener (a database restart must not end the process) and bounds the wait
 * for a connection. pg-boss only ever runs single queries through it (pool.query).
 */
function postgresExecutor(pool: pg.Pool) {
  return { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) };
}

/** How long a failed job stays retryable before pg-boss archives it. */
export const FAILED_JOBS_KEPT_SECONDS = 7 * 24 * 60 * 60;

export async function startJobs(database: DatabaseHandle, onError: (error: Error) => void): Promise<Jobs> {
  const pool = database.newPool?.('pg-boss', 4);
  const executor = database.statements
    ? pgliteExecutor(database.statements)
    : postgresExecutor(pool as pg.Pool);
  const boss = new PgBoss({
    db: executor,
    // A job that failed for good stays where it can be retried from the monitor for a week
    // (pg-boss's retry() reaches only live jobs); completed ones are archived after 12 hours.
    archiveFailedAfterSeconds: FAILED_JOBS_KEPT_SECONDS,
  });
  boss.on('error', onError);
  try {
    await boss.start();
  } catch (error) {
    await pool?.end();
    throw error;
  }
  let running = true;
  const workers: { queue: QueueName; worker: QueueWorker }[] = [];
  const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
  for (const name of ALL_QUEUES) {
    if (!existing.has(name)) await boss.createQueue(name);
  }
  return {
    boss,
    send: (queue, task, options = {}) => boss.send(queue, task as object, options),
    insert: (tasks, options = {}) => boss.insert(tasks, options),
    work(queue, options, handle, onError) {
      const worker = startQueueWorker(boss, queue, options, handle, onError, (job, outcome) =>
        recordTaskOutcome(database.db, queue, job, outcome),
      );
      workers.push({ queue, worker });
      return worker;
    },
    wake(queue) {
      for (const entry of workers) if (entry.queue === queue) entry.worker.wake();
    },
    isRunning: () => running,
    async stop() {
      if (!running) return;
      running = false;
      // Active tasks get up to 10 s to finish; a task cut short is retried after its expiry.
      await Promise.all(workers.map(({ worker }) => worker.stop(10_000)));
      // Graceful: active tasks get up to 10 s to finish before pg-boss marks them failed.
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await pool?.end();
    },
  };
}

/** How often pg-boss's polling failures are logged while the database is away. */
const OUTAGE_LOG_EVERY_MS = 15_000;

/**
 * pg-boss's 'error' events: every worker's poll fails while PostgreSQL restarts, several a second,
 * so those are logged in one short line at most every 15 s with how many were seen; any other
 * error in full (name, message, code, stack — never the client it came from).
 */
export function jobErrorLog(logger: Pick<Logger, 'warn' | 'error'> | undefined): (error: Error) => void {
  let lastOutageLog = 0;
  let unlogged = 0;
  return (error) => {
    if (!isDatabaseUnavailable(error)) {
      logger?.error({ err: error }, 'Ошибка очереди задач (pg-boss)');
      return;
    }
    unlogged += 1;
    const now = Date.now();
    if (now - lastOutageLog < OUTAGE_LOG_EVERY_MS) return;
    logger?.warn({ ...briefError(error), failures: unlogged }, 'Очередь задач ждёт базу данных');
    lastOutageLog = now;
    unlogged = 0;
  };
}
