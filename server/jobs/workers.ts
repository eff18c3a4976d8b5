/**
 * Starts every queue's worker and schedule, once the context is built: by the server's start
 * sequence (server/start.ts) and by tests that run pg-boss. Building the context starts nothing.
 */
import type { Logger } from 'pino';
import type { AppContext } from '../app-context';
import { startNotificationTasks } from './notification-tasks';
import { startOrderProcessing } from './order-processing';
import { startPeriodicJobs } from './periodic';
import { startPersonalDataTasks } from './personal-data';
import { startSignInMail } from './sign-in-mail';
import { startSyncTasks } from './sync-tasks';
import { startTelegram } from './telegram';

export async function startWorkers(
  ctx: AppContext,
  logger?: Pick<Logger, 'info' | 'error' | 'warn'>,
): Promise<void> {
  const jobs = ctx.jobs;
  if (!jobs) return;
  startSignInMail(ctx, jobs, logger);
  startNotificationTasks(ctx, jobs, logger);
  startOrderProcessing(ctx, jobs, logger);
  startSyncTasks(ctx, jobs, logger);
  startPersonalDataTasks(ctx, jobs, logger);
  startTelegram(ctx, jobs, logger);
  await startPeriodicJobs(ctx, jobs, logger);
}
