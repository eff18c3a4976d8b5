/**
 * One way to work a queue, our own loop over pg-boss's fetch, complete and fail rather than
 * boss.work(), for three reasons found the hard way:
 * - pg-boss 10's work() completes a batch without awaiting it; while PostgreSQL restarts that
 *   promise rejects with nobody listening, and an unhandled rejection ends the process;
 * - it fails and retries a whole batch when one task throws, repeating the tasks that did their
 *   work (a second email); here each task succeeds or fails on its own;
 * - it sleeps out the polling interval after every fetch, which held order confirmations to two
 *   a second; here a full batch is followed by the next fetch at once.
 * Every database call of the loop is awaited and its failure logged in brief; the loop goes on
 * and picks up where it was when the database is back.
 */
import type PgBoss from 'pg-boss';
import type { QueueName, QueueTasks, TaskResult } from './queues';

export interface QueueWorkerOptions {
  batchSize: number;
  pollingIntervalSeconds: number;
  /**
   * Wait this long before the first fetch (a wake still fetches at once): queues nobody waits
   * for keep out of the way of the start, when every worker would otherwise fetch at the same
   * moment on PGlite's one connection.
   */
  firstFetchAfterSeconds?: number;
}

/** How one attempt of a task ended: its work's result, or the error it failed with. */
export type TaskOutcome = { ok: true; result: TaskResult | undefined } | { ok: false; error: unknown };

/** The work of one task; it may report a refusal or details (queues.ts TaskResult), or nothing. */
export type TaskHandler<Q extends QueueName> = (
  task: QueueTasks[Q],
  job: PgBoss.JobWithMetadata<QueueTasks[Q]>,
  // biome-ignore lint/suspicious/noConfusingVoidType: most tasks report nothing and are async functions returning nothing
) => Promise<TaskResult | undefined | void>;

/** Told of every attempt's outcome before the task is completed or failed (the order's event log). */
export type OutcomeListener<Q extends QueueName> = (
  job: PgBoss.JobWithMetadata<QueueTasks[Q]>,
  outcome: TaskOutcome,
) => Promise<void>;

export interface QueueWorker {
  /** Fetch now rather than at the next poll (a task was just sent by this process). */
  wake(): void;
  /** Stop fetching and wait for the task in hand, up to timeoutMs. */
  stop(timeoutMs?: number): Promise<void>;
}

/** A task that takes longer than its job's expiry is failed (and retried) rather than awaited forever. */
const DEFAULT_EXPIRY_SECONDS = 15 * 60;

export function startQueueWorker<Q extends QueueName>(
  boss: PgBoss,
  queue: Q,
  options: QueueWorkerOptions,
  handle: TaskHandler<Q>,
  onError: (error: unknown, task: QueueTasks[Q] | undefined) => void,
  onOutcome?: OutcomeListener<Q>,
): QueueWorker {
  let stopping = false;
  let wakeUp: (() => void) | undefined;
  let woken = false;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopping) {
        woken = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        woken = false;
        resolve();
      }
      wakeUp = done;
    });

  async function runOne(job: PgBoss.JobWithMetadata<QueueTasks[Q]>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const seconds = job.expireInSeconds || DEFAULT_EXPIRY_SECONDS;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`task exceeded its ${seconds} s`)), seconds * 1000);
    });
    let result: TaskResult | undefined;
    try {
      result = (await Promise.race([handle(job.data, job), expired])) ?? undefined;
    } catch (error) {
      onError(error, job.data);
      await tell({ ok: false, error });
      await boss
        .fail(queue, job.id, { message: error instanceof Error ? error.message : String(error) })
        .catch((failure: unknown) => onError(failure, job.data));
      return;
    } finally {
      clearTimeout(timer);
    }
    await tell({ ok: true, result });
    // A refusal or the work's details are kept as the job's output, where the monitor reads them.
    const output = result?.refused ? { refused: result.refused } : result?.payload;
    await boss.complete(queue, job.id, output).catch((failure: unknown) => onError(failure, job.data));

    /** The outcome's record must never decide the task's fate: its failure is only logged. */
    async function tell(outcome: TaskOutcome) {
      await onOutcome?.(job, outcome).catch((failure: unknown) => onError(failure, job.data));
    }
  }

  async function loop(): Promise<void> {
    if (options.firstFetchAfterSeconds) await pause(options.firstFetchAfterSeconds * 1000);
    while (!stopping) {
      let fetched = 0;
      try {
        const batch = await boss.fetch<QueueTasks[Q]>(queue, {
          batchSize: options.batchSize,
          includeMetadata: true,
        });
        fetched = batch.length;
        for (const job of batch) await runOne(job);
      } catch (error) {
        onError(error, undefined);
      }
      // A full batch means more may be waiting: fetch again at once.
      if (fetched < options.batchSize) await pause(options.pollingIntervalSeconds * 1000);
    }
  }

  const running = loop();
  return {
    wake() {
      woken = true;
      wakeUp?.();
    },
    async stop(timeoutMs = 10_000) {
      stopping = true;
      wakeUp?.();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
    },
  };
}
