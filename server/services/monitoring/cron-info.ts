/**
 * GET /api/admin/cron/info: a card per periodic job's queue — ours (periodic-jobs.ts) and any
 * other queue with a schedule on this database — with its schedule (cron, zone, next run), its
 * runs (waiting, active, completed and failed in 24 hours), the last run's summary or error, and
 * why a job of ours is not scheduled. A queue whose counts cannot be read gets the reason in
 * `error` and the others still show.
 */
import { sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import type { AppContext } from '../../app-context';
import { rowsOf } from '../../db/rows';
import { nextRun } from '../../queue/cron';
import { errorText } from '../../queue/task-events';
import { hasJobTables } from '../../queue/transaction';
import { type JobRow, jobsFrom, toQueueJob } from './job-rows';
import { PERIODIC_JOBS, schedulesCleared } from './periodic-jobs';
import { countJobs, NO_JOBS } from './queue-counts';

export type CronQueueInfo = components['schemas']['CronQueueInfo'];

interface Schedule {
  name: string;
  cron: string;
  timezone: string | null;
}

const CLEARED_NOTICE = 'Расписание удалено: нажмите «Инициализировать», чтобы запланировать снова';

async function lastRun(ctx: AppContext, queue: string) {
  const [row] = await rowsOf<JobRow>(
    ctx.db,
    sql`select * from (${jobsFrom(sql`name = ${queue} and state in ('completed', 'failed')`, true)}) j
      order by completed_on desc limit 1`,
  );
  if (!row) return { lastRunAt: null, lastError: null, lastSummary: null };
  const job = toQueueJob(row);
  const summary = (row.output as { summary?: unknown } | null)?.summary;
  return {
    lastRunAt: job.finishedOn === null ? null : new Date(job.finishedOn).toISOString(),
    lastError: job.failedReason ?? job.lastError,
    lastSummary: typeof summary === 'string' ? summary : null,
  };
}

export async function cronInfo(ctx: AppContext, now = new Date()): Promise<Record<string, CronQueueInfo>> {
  const ready = await hasJobTables(ctx.db);
  const schedules: Schedule[] = ready
    ? await rowsOf<Schedule>(ctx.db, sql`select name, cron, timezone from pgboss.schedule order by name`)
    : [];
  const cleared = ready && (await schedulesCleared(ctx));
  const names = [...new Set([...PERIODIC_JOBS.map((job) => job.name), ...schedules.map((s) => s.name)])];
  const info: Record<string, CronQueueInfo> = {};
  for (const name of names) {
    const job = PERIODIC_JOBS.find((known) => known.name === name);
    const schedule = schedules.find((s) => s.name === name);
    const unavailable = job?.unavailable(ctx) ?? null;
    const base = {
      repeatableJobs: schedule ? 1 : 0,
      title: job?.title ?? null,
      notice: schedule ? null : (unavailable ?? (cleared ? CLEARED_NOTICE : null)),
      jobs: schedule
        ? [
            {
              id: name,
              name,
              cron: schedule.cron,
              timezone: schedule.timezone ?? 'UTC',
              next: nextRun(schedule.cron, schedule.timezone ?? 'UTC', now)?.toISOString() ?? null,
            },
          ]
        : [],
    };
    try {
      // The last run first, then the counts: a run that finishes between the two reads is then
      // in the counts too, never shown as the last run while the counts still say none.
      const last = ready ? await lastRun(ctx, name) : { lastRunAt: null, lastError: null, lastSummary: null };
      const counts = ready ? await countJobs(ctx.db, name) : NO_JOBS;
      info[name] = { ...base, ...counts, ...last, error: null };
    } catch (error) {
      info[name] = {
        ...base,
        ...NO_JOBS,
        lastRunAt: null,
        lastError: null,
        lastSummary: null,
        error: `Не удалось прочитать очередь: ${errorText(error)}`,
      };
    }
  }
  return info;
}
