/**
 * pg-boss's jobs as the monitor shows them (the job shape of the contract's QueueJob), read from
 * its own tables: pgboss.job holds the live ones and pgboss.archive those finished over twelve
 * hours ago, so «the last 24 hours» reads both. pg-boss ships no reader for lists by state; its
 * tables are the documented schema of the version pinned in package.json (10.x). Its internal
 * queues (__pgboss__…) are never shown. Sealed mail parameters are left out of what a job carries.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { hasJobTables } from '../../queue/transaction';

export type QueueJob = components['schemas']['QueueJob'];
export type JobListStatus = 'waiting' | 'active' | 'completed' | 'failed' | 'delayed';

export interface JobRow {
  id: string;
  queue: string;
  data: Record<string, unknown> | null;
  state: QueueJob['state'];
  retry_limit: number;
  retry_count: number;
  start_after: Date | string;
  started_on: Date | string | null;
  created_on: Date | string;
  completed_on: Date | string | null;
  output: Record<string, unknown> | null;
}

/** The columns both tables share, in one order, for `union all`. */
const COLUMNS = sql.raw(
  'id::text as id, name as queue, data, state::text as state, retry_limit, retry_count, start_after, started_on, created_on, completed_on, output',
);
export const OWN_QUEUES = sql.raw(`name not like '\\_\\_pgboss%'`);
export const DAY_AGO = sql.raw(`now() - interval '24 hours'`);

const ms = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

function outputText(output: Record<string, unknown> | null): string | null {
  if (!output) return null;
  const nested = (output.value as { message?: unknown } | undefined)?.message;
  for (const value of [output.message, output.refused, nested])
    if (typeof value === 'string' && value !== '') return value;
  return null;
}

export function toQueueJob(row: JobRow): QueueJob {
  const { sealed: _sealed, ...data } = row.data ?? {};
  const created = ms(row.created_on) as number;
  const delay = Math.max(0, (ms(row.start_after) as number) - created);
  const finished = row.state === 'completed' || row.state === 'failed' || row.state === 'cancelled';
  const lastError = outputText(row.output);
  return {
    id: row.id,
    name: typeof data.name === 'string' ? data.name : row.queue,
    queue: row.queue,
    data,
    delay,
    timestamp: created,
    opts: { delay },
    processedOn: ms(row.started_on),
    finishedOn: finished ? ms(row.completed_on) : null,
    failedReason: row.state === 'failed' ? (lastError ?? 'Задача завершилась с ошибкой') : null,
    state: row.state,
    attemptsMade: row.started_on === null ? 0 : Number(row.retry_count) + 1,
    attemptsAllowed: Number(row.retry_limit) + 1,
    lastError: row.state === 'completed' && !row.output?.refused ? null : lastError,
  };
}

/** Which live jobs a list shows; completed and failed also reach into the archive. */
const LIST_FILTERS: Record<JobListStatus, { where: SQL; archive: boolean; order: SQL }> = {
  waiting: {
    where: sql`state in ('created', 'retry') and start_after <= now()`,
    archive: false,
    order: sql`created_on desc`,
  },
  delayed: {
    where: sql`state in ('created', 'retry') and start_after > now()`,
    archive: false,
    order: sql`start_after asc`,
  },
  active: { where: sql`state = 'active'`, archive: false, order: sql`started_on desc` },
  completed: {
    where: sql`state = 'completed' and completed_on > ${DAY_AGO}`,
    archive: true,
    order: sql`completed_on desc`,
  },
  failed: {
    where: sql`state = 'failed' and completed_on > ${DAY_AGO}`,
    archive: true,
    order: sql`completed_on desc`,
  },
};

/** Jobs matching `where` in the live table and, when asked, the archive. */
export function jobsFrom(where: SQL, archive: boolean): SQL {
  const live = sql`select ${COLUMNS} from pgboss.job where ${OWN_QUEUES} and ${where}`;
  return archive
    ? sql`${live} union all select ${COLUMNS} from pgboss.archive where ${OWN_QUEUES} and ${where}`
    : live;
}

export async function listJobs(
  db: Database,
  status: JobListStatus,
  page: { limit: number; offset: number; queue?: string },
): Promise<{ jobs: QueueJob[]; total: number }> {
  if (!(await hasJobTables(db))) return { jobs: [], total: 0 };
  const filter = LIST_FILTERS[status];
  const where = page.queue ? sql`${filter.where} and name = ${page.queue}` : filter.where;
  const matching = jobsFrom(where, filter.archive);
  const [rows, [count]] = await Promise.all([
    rowsOf<JobRow>(
      db,
      sql`select * from (${matching}) j order by ${filter.order} limit ${page.limit} offset ${page.offset}`,
    ),
    rowsOf<{ total: number | string }>(db, sql`select count(*) as total from (${matching}) j`),
  ]);
  return { jobs: rows.map(toQueueJob), total: Number(count?.total ?? 0) };
}

/** An order's tasks, newest first, from every queue (their data carries the orderId). */
export async function orderJobs(db: Database, orderId: number): Promise<QueueJob[]> {
  if (!(await hasJobTables(db))) return [];
  const rows = await rowsOf<JobRow>(
    db,
    sql`select * from (${jobsFrom(sql`data->>'orderId' = ${String(orderId)}`, true)}) j
      order by created_on desc limit 200`,
  );
  return rows.map(toQueueJob);
}
