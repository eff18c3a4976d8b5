/**
 * The sync-tasks queue's worker: an order's exchanges with the courier service (create-delivery).
 * It polls every ten seconds — nothing here is waited for by a person — and fails a task the
 * service did not answer, for pg-boss to retry with growing pauses.
 */
import type { Logger } from 'pino';
import type { AppContext } from '../app-context';
import type { Jobs } from '../queue/boss';
import { createDelivery } from '../services/courier/create-delivery';

export function startSyncTasks(ctx: AppContext, jobs: Jobs, logger?: Pick<Logger, 'error' | 'warn'>): void {
  jobs.work(
    'sync-tasks',
    { pollingIntervalSeconds: 10, batchSize: 5, firstFetchAfterSeconds: 5 },
    (task) => createDelivery(ctx, ctx.courier, task.orderId),
    (error, task) =>
      task
        ? logger?.error({ err: error, orderId: task.orderId }, 'Посылка не создана (будет повтор)')
        : logger?.warn({ err: error }, 'Очередь синхронизации: ошибка выборки задач'),
  );
}
