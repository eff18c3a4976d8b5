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
import { sendRefund } from '../services/payments/refunds';

export function startSyncTasks(ctx: AppContext, jobs: Jobs, logger?: Pick<Logger, 'error' | 'warn'>): void {
  jobs.work(
    'sync-tasks',
    { pollingIntervalSeconds: 10, batchSize: 5, firstFetchAfterSeconds: 5 },
    (task) => {
      if (task.name === 'send-refund') return sendRefund(ctx, task.refundId);
      if (task.name === 'send-closing-receipt') return sendClosingReceipt(ctx, task.orderId);
      return createDelivery(ctx, ctx.courier, task.orderId);
    },
    (error, task) =>
      task
        ? logger?.error(
            { err: error, orderId: task.orderId, task: task.name },
            'Задача не выполнена (будет повтор)',
          )
        : logger?.warn({ err: error }, 'Очередь синхронизации: ошибка выборки задач'),
  );
}
