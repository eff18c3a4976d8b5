/**
 * The periodic jobs, what each does and when, and their schedules; the worker that runs them is
 * server/jobs/periodic.ts, the monitor reads them here. pg-boss 10 keeps a schedule per queue
 * in its own table, keyed by the queue's name, and fires it from whichever process wins the
 * minute's cron check, so each job runs in a queue of its own and runs once per tick however many
 * server processes there are. Scheduling is an upsert by name: every process does it at start,
 * and (re)initializing twice still leaves one schedule each.
 *
 * «Clear all» on the monitor is remembered (settings `jobs.schedules-cleared`): a restart does not
 * bring the schedules back behind the admin's back; «initialize» does.
 */
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { AppContext } from '../../app-context';
import type { CronJobName } from '../../config';
import { settings } from '../../db/schema';
import type { Jobs } from '../../queue/boss';
import { FILE_CLEANUP_QUEUE, SCAN_RETENTION_QUEUE } from '../../queue/queues';
import { COURIER_NOT_CONFIGURED } from '../courier/configured';
import { checkDeliveryStatuses } from '../courier/delivery-statuses';
import { syncPickupPoints } from '../courier/sync-points';
import { removeUnattachedFiles } from '../documents/file-cleanup';
import { ORPHAN_SWEEP_QUEUE, orphanSweepOff, removeOrphanObjects } from '../documents/orphan-sweep';
import { removeExpiredScans } from '../documents/scan-retention';
import { deleteUnclaimedConsents } from '../legal/consents';
import { sendActReminders, sendPaymentReminders } from '../orders/reminders';
import { checkNewPaidOrders } from '../payments/check-paid-orders';
import { BACKUP_OFF, BACKUP_QUEUE, BACKUP_TIME_ZONE, runScheduledBackup } from './scheduled-backup';

export type PeriodicLogger = Pick<Logger, 'info' | 'error' | 'warn'>;

export interface PeriodicJob {
  name:
    | CronJobName
    | typeof FILE_CLEANUP_QUEUE
    | typeof ORPHAN_SWEEP_QUEUE
    | typeof SCAN_RETENTION_QUEUE
    | typeof BACKUP_QUEUE;
  /** What it does, for the monitor. */
  title: string;
  cron(ctx: AppContext): { pattern: string; timezone: string };
  /** Why it cannot run here (an integration not configured), or null. */
  unavailable(ctx: AppContext): string | null;
  /** One run; its summary, in Russian, is kept with the run for the monitor. */
  run(ctx: AppContext, logger?: PeriodicLogger): Promise<string>;
}

const configured = (name: CronJobName) => (ctx: AppContext) => ({
  pattern: ctx.config.cron.patterns[name],
  timezone: ctx.config.cron.timezone,
});
const always = () => null;
const needsCourier = (ctx: AppContext) => (ctx.courier ? null : COURIER_NOT_CONFIGURED);

export const PERIODIC_JOBS: readonly PeriodicJob[] = [
  {
    name: 'check-new-paid-orders',
    title: 'Проверка оплат заказов у платёжного сервиса',
    cron: configured('check-new-paid-orders'),
    unavailable: always,
    async run(ctx) {
      const { checked, paid, failed } = await checkNewPaidOrders(ctx);
      return `Проверено заказов: ${checked}, оплачено: ${paid}${failed ? `, не ответил сервис: ${failed}` : ''}`;
    },
  },
  {
    name: 'send-payment-reminders',
    title: 'Напоминания об оплате заказов',
    cron: configured('send-payment-reminders'),
    unavailable: always,
    run: async (ctx) => `Отправлено напоминаний: ${await sendPaymentReminders(ctx)}`,
  },
  {
    name: 'send-act-exchange-reminders',
    title: 'Напоминания организациям о подписанных актах',
    cron: configured('send-act-exchange-reminders'),
    unavailable: always,
    run: async (ctx) => `Отправлено напоминаний: ${await sendActReminders(ctx)}`,
  },
  {
    name: 'sync-pickup-points',
    title: 'Обновление пунктов выдачи СДЭК',
    cron: configured('sync-pickup-points'),
    unavailable: needsCourier,
    async run(ctx) {
      const courier = ctx.courier;
      const cityCode = ctx.config.courier.cdek?.cityCode;
      if (!courier || cityCode === undefined) return COURIER_NOT_CONFIGURED;
      const { received, added, switchedOff } = await syncPickupPoints(ctx, courier, cityCode);
      return `Пунктов у СДЭК: ${received}, новых: ${added}, отключено: ${switchedOff}`;
    },
  },
  {
    name: 'check-delivery-statuses',
    title: 'Проверка статусов доставок СДЭК',
    cron: configured('check-delivery-statuses'),
    unavailable: needsCourier,
    async run(ctx) {
      if (!ctx.courier) return COURIER_NOT_CONFIGURED;
      const { checked, moved, failed } = await checkDeliveryStatuses(ctx, ctx.courier);
      return `Проверено посылок: ${checked}, заказов сдвинуто: ${moved}${failed ? `, без ответа: ${failed}` : ''}`;
    },
  },
  {
    name: FILE_CLEANUP_QUEUE,
    title: 'Удаление загрузок, которые не попали в заказ',
    cron: () => ({ pattern: '23 * * * *', timezone: 'UTC' }),
    unavailable: always,
    async run(ctx) {
      const { removedFiles, removedIncoming } = await removeUnattachedFiles(ctx);
      return `Удалено файлов: ${removedFiles}, недогруженных частей: ${removedIncoming}`;
    },
  },
  {
    name: SCAN_RETENTION_QUEUE,
    title: 'Удаление сканов закрытых заказов после срока хранения',
    cron: () => ({ pattern: '10 2 * * *', timezone: 'UTC' }),
    unavailable: always,
    async run(ctx) {
      const { orders, files } = await removeExpiredScans(ctx);
      const consents = await deleteUnclaimedConsents(ctx.db);
      return `Сканы удалены у заказов: ${orders}, файлов: ${files}; неподтверждённых согласий удалено: ${consents}`;
    },
  },
  {
    name: ORPHAN_SWEEP_QUEUE,
    title: 'Удаление из хранилища файлов, которых не называет ни одна запись',
    // Daily: the grace period is a day, and listing a large bucket every hour costs requests.
    cron: () => ({ pattern: '40 1 * * *', timezone: 'UTC' }),
    unavailable: (ctx) => orphanSweepOff(ctx.config),
    async run(ctx, logger) {
      const { listed, removed, skipped } = await removeOrphanObjects(ctx);
      // A claim taken by another database is the operator's to fix: a failed run on the monitor.
      if (skipped) throw new Error(skipped);
      logger?.info(
        { listed, removed, storage: ctx.storage.description },
        'Хранилище: файлы без записей удалены',
      );
      return `Файлов в хранилище: ${listed}, удалено без записей: ${removed}`;
    },
  },
  {
    name: BACKUP_QUEUE,
    title: 'Резервная копия базы данных и файлов',
    cron: (ctx) => ({ pattern: ctx.config.backup.cron ?? '30 3 * * *', timezone: BACKUP_TIME_ZONE }),
    unavailable: (ctx) => (ctx.config.backup.cron ? null : BACKUP_OFF),
    run: runScheduledBackup,
  },
];

export const findPeriodicJob = (name: string) => PERIODIC_JOBS.find((job) => job.name === name);

/**
 * A run is not retried: the next tick is its retry, and a failed run stays on the monitor. It
 * expires after ten minutes (a courier service that hangs must not hold the queue).
 */
export const PERIODIC_RUN_OPTIONS = { retryLimit: 0, expireInSeconds: 600 } as const;

const CLEARED_KEY = 'jobs.schedules-cleared';

export async function schedulesCleared(ctx: AppContext): Promise<boolean> {
  const [row] = await ctx.db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, CLEARED_KEY));
  return row?.value === true;
}

async function rememberCleared(ctx: AppContext, cleared: boolean): Promise<void> {
  await ctx.db
    .insert(settings)
    .values({ key: CLEARED_KEY, value: cleared })
    .onConflictDoUpdate({ target: settings.key, set: { value: cleared, updatedAt: sql`now()` } });
}

/** Schedules every job that can run here (and unschedules those that cannot); how many are scheduled. */
export async function schedulePeriodicJobs(ctx: AppContext, jobs: Jobs): Promise<number> {
  let scheduled = 0;
  // Their queues exist: startJobs makes every queue at start (server/queue/queues.ts ALL_QUEUES).
  for (const job of PERIODIC_JOBS) {
    if (job.unavailable(ctx)) {
      await jobs.boss.unschedule(job.name);
      continue;
    }
    const { pattern, timezone } = job.cron(ctx);
    await jobs.boss.schedule(job.name, pattern, {}, { tz: timezone, ...PERIODIC_RUN_OPTIONS });
    scheduled++;
  }
  return scheduled;
}

/** POST /api/admin/cron/initialize: schedules again and forgets an earlier «clear all». */
export async function initializePeriodicJobs(ctx: AppContext, jobs: Jobs): Promise<number> {
  await rememberCleared(ctx, false);
  return schedulePeriodicJobs(ctx, jobs);
}

/** DELETE /api/admin/cron/all: every schedule on the database, ours and any other's; how many. */
export async function clearPeriodicJobs(ctx: AppContext, jobs: Jobs): Promise<number> {
  await rememberCleared(ctx, true);
  const schedules = await jobs.boss.getSchedules();
  for (const schedule of schedules) await jobs.boss.unschedule(schedule.name);
  return schedules.length;
}
