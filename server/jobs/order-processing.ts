/**
 * The order-processing queue's worker: what follows a new order (its confirmation email), the
 * PDFs of issued invoices and acts, and the status moves the automation makes (change-status).
 * Each task carries its orderId; the work itself lives with the services that own it.
 */
import type { Logger } from 'pino';
import type { AppContext } from '../app-context';
import type { Jobs } from '../queue/boss';
import { runDocumentTask } from '../services/documents/make-document';
import { runChangeStatus } from '../services/orders/automatic-status';
import { queueOrderReceived } from '../services/orders/order-received';

export function startOrderProcessing(
  ctx: AppContext,
  jobs: Jobs,
  logger?: Pick<Logger, 'error' | 'warn'>,
): void {
  jobs.work(
    'order-processing',
    { pollingIntervalSeconds: 0.5, batchSize: 5 },
    async (task) => {
      if (task.name === 'order-received') return queueOrderReceived(ctx, task.orderId);
      else if (task.name === 'make-invoice' || task.name === 'make-act')
        await runDocumentTask(ctx, task.name, task.orderId);
      else if (task.name === 'change-status') return runChangeStatus(ctx, task);
      else throw new Error(`order-processing: no worker for task ${(task as { name: string }).name}`);
    },
    (error, task) =>
      task
        ? logger?.error(
            { err: error, task: task.name, orderId: task.orderId },
            'Задача заказа не выполнена (будет повтор)',
          )
        : logger?.warn({ err: error }, 'Очередь заказов: ошибка выборки задач'),
  );
}
