/**
 * GET /api/admin/queue/info: whether the queue works in this process (pg-boss started) and the
 * counts over every queue. A database where pg-boss never ran reads as offline with zeros.
 */
import type { components } from '../../../src/api/schema.gen';
import type { AppContext } from '../../app-context';
import { hasJobTables } from '../../queue/transaction';
import { countJobs, NO_JOBS } from './queue-counts';

export type QueueInfo = components['schemas']['QueueInfo'];

export async function queueInfo(ctx: AppContext): Promise<QueueInfo> {
  if (!(await hasJobTables(ctx.db))) return { isConnected: false, ...NO_JOBS };
  return { isConnected: ctx.jobs?.isRunning() === true, ...(await countJobs(ctx.db)) };
}
