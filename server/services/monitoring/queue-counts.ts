/**
 * Job counts for the queue page's cards and the periodic jobs' cards: waiting (due now), delayed
 * (planned for later, retries included), active, and completed and failed in the last 24 hours.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { DAY_AGO, OWN_QUEUES } from './job-rows';

export interface QueueCounts {
  waiting: number;
  active: number;
  completed: number;
  failed: number;
  delayed: number;
}

export const NO_JOBS: QueueCounts = { waiting: 0, active: 0, completed: 0, failed: 0, delayed: 0 };

/** Counts of every queue of ours, or of the one named. */
export async function countJobs(db: Database, queue?: string): Promise<QueueCounts> {
  const only: SQL = queue === undefined ? sql`true` : sql`name = ${queue}`;
  const [row] = await rowsOf<Record<keyof QueueCounts, number | string>>(
    db,
    sql`select
        count(*) filter (where state in ('created', 'retry') and start_after <= now()) as waiting,
        count(*) filter (where state in ('created', 'retry') and start_after > now()) as delayed,
        count(*) filter (where state = 'active') as active,
        count(*) filter (where state = 'completed' and completed_on > ${DAY_AGO}) as completed,
        count(*) filter (where state = 'failed' and completed_on > ${DAY_AGO}) as failed
      from (
        select name, state, start_after, completed_on from pgboss.job where ${OWN_QUEUES} and ${only}
        union all
        select name, state, start_after, completed_on from pgboss.archive
          where ${OWN_QUEUES} and ${only} and completed_on > ${DAY_AGO}
      ) j`,
  );
  return {
    waiting: Number(row?.waiting ?? 0),
    active: Number(row?.active ?? 0),
    completed: Number(row?.completed ?? 0),
    failed: Number(row?.failed ?? 0),
    delayed: Number(row?.delayed ?? 0),
  };
}
