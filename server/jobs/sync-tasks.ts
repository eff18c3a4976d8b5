/**
 * The sync-tasks queue's worker: an order's exchanges with outside services — the courier service
 * (create-delivery) and YooKassa's closing receipt (send-closing-receipt).
 * It polls every ten seconds — nothing here is waited for by a person — and fails a task the
 * service did not answer, for pg-boss to retry with growing pauses.
 */
import type { Logger } from 'pino';
import type { AppContext } from '../app-context';
import type { Jobs } from '../queue/boss';
import { createDelivery } from '../services/courier/create-delivery';
import { sendClosingReceipt } from '../services/payments/receipts';

export function startSyncTasks(ctx: AppContext, jobs: Jobs, logger?: Pick<Logger, 'error' | 'warn'>): void {
  jobs.work(
    'sync-tasks',
    { pollingIntervalSeconds: 10, batchSize: 5, firstFetchAfterSeconds: 5 },
    (task) =>
      task.name === 'send-closing-receipt'
        ? sendClosingReceipt(ctx, task.orderId)
        : createDelivery(ctx, ctx.courier, task.orderId),
    (error, task) =>
      task
        ? logger?.error(
            { err: error, orderId: task.orderId, task: task.name },
            'Задача не выполнена (будет повтор)',
          )
        : logger?.warn({ err: error }, 'Очередь синхронизации: ошибка выборки задач'),
  );
}
