/**
 * The scheduled backup, one of the periodic jobs (periodic-jobs.ts): a pg-boss cron
 * (BACKUP_CRON, 03:30 Moscow time by default) stored in the database, so of several processes on
 * one PostgreSQL only one takes each night's run, and the monitor's periodic jobs page shows it
 * with its last result and «Запустить сейчас». The work is server/backup/backup.ts; every attempt
 * is also kept in the `backups.history` setting. BACKUP_CRON=off leaves it unscheduled.
 */
import { basename } from 'node:path';
import type { AppContext } from '../../app-context';
import { runBackup } from '../../backup/backup';
import { BACKUP_QUEUE } from '../../queue/queues';

export { BACKUP_QUEUE };
export const BACKUP_TIME_ZONE = 'Europe/Moscow';
/** Shown on the monitor, so in the owner's words (the setting is BACKUP_CRON=off). */
export const BACKUP_OFF = 'Плановые резервные копии выключены в настройках сервера';

/** One run; a failure fails the job, so the monitor shows it. The summary is the monitor's too. */
export async function runScheduledBackup(ctx: AppContext): Promise<string> {
  const result = await runBackup({ config: ctx.config, database: ctx.database }, 'scheduled');
  if (result.status === 'failed' || !result.archive) throw new Error(result.error ?? 'backup failed');
  const megabytes = (result.bytes / 1_000_000).toLocaleString('ru-RU', { maximumFractionDigits: 1 });
  return `Резервная копия ${basename(result.archive)}, ${megabytes} МБ`;
}
