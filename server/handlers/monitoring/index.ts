/**
 * The monitoring half of the contract's `admin` tag: order processing, the job queues and the
 * periodic jobs (docs/back-office-screens.md, monitoring). Who may call each is its `security`;
 * the work is in server/services/monitoring.
 */
import type { AppContext } from '../../app-context';
import { ProductError } from '../../errors';
import { signedInUser } from '../../http/authorize';
import { typedHandlers } from '../../http/typed-handlers';
import { cronInfo } from '../../services/monitoring/cron-info';
import { monitoringDashboard } from '../../services/monitoring/dashboard';
import { cancelOrderTasks, retryJob, runPeriodicJobNow } from '../../services/monitoring/job-actions';
import { listJobs, orderJobs } from '../../services/monitoring/job-rows';
import { orderMonitoring } from '../../services/monitoring/order-monitoring';
import { findOrderByRef } from '../../services/monitoring/order-ref';
import { clearPeriodicJobs, initializePeriodicJobs } from '../../services/monitoring/periodic-jobs';
import { queueInfo } from '../../services/monitoring/queue-info';

function runningJobs(ctx: AppContext) {
  if (!ctx.jobs?.isRunning())
    throw new ProductError(
      'unavailable',
      'SERVICE_UNAVAILABLE',
      'Очередь задач не запущена: действие сейчас невозможно',
    );
  return ctx.jobs;
}

export function monitoringHandlers(ctx: AppContext) {
  return typedHandlers({
    getMonitoringDashboard: async () => ({ success: true, data: await monitoringDashboard(ctx) }),

    getOrderMonitoring: async (request) => ({
      success: true,
      data: await orderMonitoring(ctx, request.params.orderId),
    }),

    getQueueInfo: async () => ({ success: true, data: await queueInfo(ctx) }),

    listQueueJobs: async (request) => {
      const { limit = 50, offset = 0, queue } = request.query;
      const { jobs, total } = await listJobs(ctx.db, request.params.status, { limit, offset, queue });
      return { success: true, data: jobs, total };
    },

    listOrderTasks: async (request) => {
      const order = await findOrderByRef(ctx.db, request.params.orderId);
      const tasks = await orderJobs(ctx.db, order.id);
      return { success: true, data: tasks, total: tasks.length };
    },

    cancelOrderTasks: async (request) => ({
      success: true,
      message: await cancelOrderTasks(ctx, request.params.orderId),
    }),

    retryQueueJob: async (request) => ({
      success: true,
      message: await retryJob(ctx, signedInUser(request), request.params.queue, request.params.id),
    }),

    getCronInfo: async () => ({ success: true, data: await cronInfo(ctx) }),

    initializeCron: async () => {
      const count = await initializePeriodicJobs(ctx, runningJobs(ctx));
      return { success: true, message: `Периодические задачи запланированы — ${count}` };
    },

    clearCron: async () => {
      const count = await clearPeriodicJobs(ctx, runningJobs(ctx));
      return { success: true, message: `Периодические задачи удалены — ${count}` };
    },

    runCronJob: async (request) => ({
      success: true,
      message: await runPeriodicJobNow(ctx, request.params.name),
    }),
  });
}
