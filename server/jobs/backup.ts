/**
 * The scheduled backup: a pg-boss cron (BACKUP_CRON, 03:30 Moscow time by default) stored in the
 * database, so of several processes on one PostgreSQL only one takes each night's job. The work
 * is server/backup/backup.ts; a failed backup fails the job, which pg-boss retries twice ten
 * minutes apart, and every attempt is logged and kept in the `backups.history` setting.
 * BACKUP_CRON=off removes the schedule.
 */
import type { Logger } from 'pino';
import { runBackup } from '../backup/backup';
import type { AppContext } from '../context';
import type { Jobs } from './boss';
import { BACKUP_QUEUE } from './queues';

export { BACKUP_QUEUE };
export const BACKUP_TIME_ZONE = 'Europe/Moscow';

export async function startBackups(
  ctx: AppContext,
  jobs: Jobs,
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>,
): Promise<void> {
  const existing = await jobs.boss.getQueue(BACKUP_QUEUE);
  if (!existing) await jobs.boss.createQueue(BACKUP_QUEUE);
  const { cron } = ctx.config.backup;
  if (!cron) {
    await jobs.boss.unschedule(BACKUP_QUEUE);
    return;
  }
  await jobs.boss.schedule(
    BACKUP_QUEUE,
    cron,
    {},
    { tz: BACKUP_TIME_ZONE, retryLimit: 2, retryDelay: 600, expireInSeconds: 4 * 60 * 60 },
  );
  jobs.work(
    BACKUP_QUEUE,
    { pollingIntervalSeconds: 30, batchSize: 1 },
    async () => {
      const result = await runBackup({ config: ctx.config, database: ctx.database, logger }, 'scheduled');
      if (result.status === 'failed') throw new Error(result.error ?? 'backup failed');
    },
    (error) => logger?.error({ err: error }, 'Плановая резервная копия не создана'),
  );
}
