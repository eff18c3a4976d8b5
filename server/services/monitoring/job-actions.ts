/**
 * What staff do from the monitor: cancel an order's waiting and running tasks, run a failed job
 * again, run a periodic job now. Each needs pg-boss running in this process (503 otherwise).
 */
import { sql } from 'drizzle-orm';
import type { Role } from '../../../src/domain/roles';
import type { AppContext } from '../../app-context';
import { rowsOf } from '../../db/rows';
import { forbidden, notFound, ProductError } from '../../errors';
import type { Jobs } from '../../queue/boss';
import type { QueueName } from '../../queue/queues';
import { findOrderByRef } from './order-ref';
import { findPeriodicJob, PERIODIC_RUN_OPTIONS } from './periodic-jobs';

const conflict = (message: string) => new ProductError('conflict', 'CONFLICT', message);

function runningJobs(ctx: AppContext): Jobs {
  if (!ctx.jobs?.isRunning())
    throw new ProductError(
      'unavailable',
      'SERVICE_UNAVAILABLE',
      'Очередь задач не запущена: действие сейчас невозможно',
    );
  return ctx.jobs;
}

export async function cancelOrderTasks(ctx: AppContext, ref: string): Promise<string> {
  const jobs = runningJobs(ctx);
  const order = await findOrderByRef(ctx.db, ref);
  const open = await rowsOf<{ id: string; name: string }>(
    ctx.db,
    sql`select id::text as id, name from pgboss.job
      where data->>'orderId' = ${String(order.id)} and state in ('created', 'retry', 'active')`,
  );
  if (open.length === 0) return `Активных задач у заказа № ${order.number} нет`;
  let cancelled = 0;
  for (const queue of new Set(open.map((job) => job.name))) {
    const ids = open.filter((job) => job.name === queue).map((job) => job.id);
    const result = await jobs.boss.cancel(queue, ids);
    cancelled += (result as { affected?: number } | undefined)?.affected ?? ids.length;
  }
  return `Отменено задач заказа № ${order.number}: ${cancelled}`;
}

export async function retryJob(
  ctx: AppContext,
  caller: { role: Role },
  queue: string,
  id: string,
): Promise<string> {
  const jobs = runningJobs(ctx);
  const [live] = await rowsOf<{ state: string; data: Record<string, unknown> | null }>(
    ctx.db,
    sql`select state::text as state, data from pgboss.job where name = ${queue} and id = ${id}::uuid`,
  );
  if (!live) {
    const [archived] = await rowsOf<{ id: string }>(
      ctx.db,
      sql`select id::text as id from pgboss.archive where name = ${queue} and id = ${id}::uuid`,
    );
    if (archived) throw conflict('Задача уже в архиве: повторить её нельзя');
    throw notFound('Задача не найдена');
  }
  // A MANAGER reaches tasks from an order's page; the queues' own jobs are the ADMIN's.
  if (caller.role !== 'ADMIN' && typeof live.data?.orderId !== 'number') throw forbidden();
  if (live.state !== 'failed') throw conflict('Повторить можно только задачу, завершившуюся ошибкой');
  await jobs.boss.retry(queue, id);
  jobs.wake(queue as QueueName);
  return 'Задача поставлена на повтор';
}

export async function runPeriodicJobNow(ctx: AppContext, name: string): Promise<string> {
  const jobs = runningJobs(ctx);
  const job = findPeriodicJob(name);
  if (!job) throw notFound('Периодическая задача не найдена');
  const unavailable = job.unavailable(ctx);
  if (unavailable) throw conflict(unavailable);
  const [open] = await rowsOf<{ id: string }>(
    ctx.db,
    sql`select id::text as id from pgboss.job where name = ${name} and state in ('created', 'retry', 'active') limit 1`,
  );
  if (open) throw conflict(`Задача «${name}» уже ждёт запуска или выполняется`);
  await jobs.boss.send(name, {}, PERIODIC_RUN_OPTIONS);
  jobs.wake(name as QueueName);
  return `Задача «${name}» запущена`;
}
