/**
 * The periodic jobs' worker: a worker per job's queue, each run's summary kept with the run for
 * the monitor. What the jobs are and when they run is services/monitoring/periodic-jobs.ts.
 */
import type { AppContext } from '../app-context';
import type { Jobs } from '../queue/boss';
import type { QueueName } from '../queue/queues';
import {
  PERIODIC_JOBS,
  type PeriodicLogger,
  schedulePeriodicJobs,
  schedulesCleared,
} from '../services/monitoring/periodic-jobs';

/** How often each periodic job's queue is polled. */
const PERIODIC_POLL_SECONDS = 60;

/** At start: the schedules (unless an admin cleared them) and a worker per job. */
export async function startPeriodicJobs(ctx: AppContext, jobs: Jobs, logger?: PeriodicLogger): Promise<void> {
  if (!(await schedulesCleared(ctx))) await schedulePeriodicJobs(ctx, jobs);
  PERIODIC_JOBS.forEach((job, index) => {
    jobs.work(
      job.name as QueueName,
      // A cron tick is a minute wide: a run may wait for its minute's poll; «run now» wakes it.
      // The first polls are spread out, not all at the start.
      { pollingIntervalSeconds: PERIODIC_POLL_SECONDS, batchSize: 1, firstFetchAfterSeconds: 10 + index * 7 },
      async () => ({ payload: { summary: await job.run(ctx, logger) } }),
      (error, task) =>
        task === undefined
          ? logger?.warn({ err: error, job: job.name }, 'Периодическая задача: ошибка выборки')
          : logger?.error({ err: error, job: job.name }, 'Периодическая задача не выполнена'),
    );
  });
}
