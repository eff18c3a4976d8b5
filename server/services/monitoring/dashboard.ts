/**
 * GET /api/admin/order-monitoring/dashboard: order processing at a glance. Orders by status (all
 * of them); the orders in work past or at their promised day; from the orders' event log over the last 24 hours: each event type's successes, the
 * orders with errors (most recent first) and the mails sent and parcels registered; the jobs of
 * every queue finished per hour (the chart); whether the outside services are configured; the
 * refunds to watch (in processing, or refused lately); and the customers' messages the office has
 * not read yet, with the orders waiting for a reply.
 */
import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import { moscowDate } from '../../../src/domain/moscow-time';
import { IN_WORK_STATUSES, type OrderStatus } from '../../../src/domain/order-status';
import type { AppContext } from '../../app-context';
import { rowsOf } from '../../db/rows';
import { orders, refunds } from '../../db/schema';
import { hasJobTables } from '../../queue/transaction';
import { unreadByOfficeTotals } from '../conversation/unread';
import { COURIER_NOT_CONFIGURED } from '../courier/configured';
import { DAY_AGO, OWN_QUEUES } from './job-rows';

export type MonitoringDashboard = components['schemas']['MonitoringDashboard'];

/** Written out as constants (our own list), so the planner matches the partial index's predicate. */
const IN_WORK_LIST = sql.raw(IN_WORK_STATUSES.map((status) => `'${status}'`).join(', '));

/** Problem orders listed; the total counts them all. */
const PROBLEM_LIST_LIMIT = 50;
/** A refused refund is shown this long: staff return the money another way meanwhile. */
const REFUSED_REFUND_DAYS = 30;
const HOUR_MS = 60 * 60 * 1000;

interface ProblemRow {
  order_id: number;
  number: string;
  errors: number | string;
  last_error: string | null;
  last_at: Date | string;
}

async function jobsByHour(ctx: AppContext, now: Date): Promise<MonitoringDashboard['jobsByHour']> {
  const firstHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - 23 * HOUR_MS;
  const hours = Array.from({ length: 24 }, (_, i) => ({
    hour: new Date(firstHour + i * HOUR_MS).toISOString(),
    completed: 0,
    failed: 0,
  }));
  if (!(await hasJobTables(ctx.db))) return hours;
  const since = new Date(firstHour).toISOString();
  const rows = await rowsOf<{ hour: Date | string; state: string; count: number | string }>(
    ctx.db,
    sql`select date_trunc('hour', completed_on) as hour, state::text as state, count(*) as count
      from (
        select name, state, completed_on from pgboss.job where ${OWN_QUEUES}
          and state in ('completed', 'failed') and completed_on >= ${since}::timestamptz
        union all
        select name, state, completed_on from pgboss.archive where ${OWN_QUEUES}
          and state in ('completed', 'failed') and completed_on >= ${since}::timestamptz
      ) j
      group by 1, 2`,
  );
  for (const row of rows) {
    const bucket = hours[Math.round((new Date(row.hour).getTime() - firstHour) / HOUR_MS)];
    if (bucket && (row.state === 'completed' || row.state === 'failed'))
      bucket[row.state] += Number(row.count);
  }
  return hours;
}

function integrations(ctx: AppContext): MonitoringDashboard['integrations'] {
  const cdek = ctx.config.courier.cdek;
  const yookassa = ctx.config.payments.yookassa;
  return {
    courier: cdek
      ? { name: 'СДЭК', configured: true, message: `Подключён: ${new URL(cdek.apiUrl).host}` }
      : { name: 'СДЭК', configured: false, message: COURIER_NOT_CONFIGURED },
    payments: yookassa
      ? { name: 'ЮKassa', configured: true, message: `Подключена: магазин ${yookassa.shopId}` }
      : {
          name: 'Демо-оплата',
          configured: false,
          // The owner's words; the settings (YOOKASSA_SHOP_ID, YOOKASSA_SECRET_KEY) are in the README.
          message:
            'Не настроено: нужен договор с ЮKassa. Пока оплата в тестовом режиме — деньги не списываются',
        },
  };
}

/**
 * The events of tasks that send a mail: send-email, and order-received, which sends a new order's
 * confirmation itself (a refusal, the address over its cap, is not a success).
 */
const MAIL_EVENTS = new Set(['send-email', 'order-received']);

/** Refunds in processing at the provider, and those it refused lately: oldest first. */
async function refundsToWatch(ctx: AppContext, now: Date): Promise<MonitoringDashboard['refunds']> {
  const since = new Date(now.getTime() - REFUSED_REFUND_DAYS * 24 * HOUR_MS);
  const rows = await ctx.db
    .select({ refund: refunds, orderNumber: orders.number })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(or(eq(refunds.status, 'PENDING'), and(eq(refunds.status, 'FAILED'), gt(refunds.doneAt, since))))
    .orderBy(asc(refunds.createdAt))
    .limit(PROBLEM_LIST_LIMIT);
  return rows.map(({ refund, orderNumber }) => ({
    orderId: refund.orderId,
    orderNumber,
    amount: refund.amount,
    status: refund.status === 'FAILED' ? 'FAILED' : 'PENDING',
    reason: refund.reason,
    error: refund.error,
    createdAt: refund.createdAt.toISOString(),
    doneAt: refund.doneAt?.toISOString() ?? null,
  }));
}

export async function monitoringDashboard(ctx: AppContext, now = new Date()): Promise<MonitoringDashboard> {
  const byStatus = await rowsOf<{ status: OrderStatus; count: number | string }>(
    ctx.db,
    sql`select status, count(*) as count from orders group by status order by status`,
  );
  const events = await rowsOf<{
    event_type: string;
    successful: number | string;
    total: number | string;
  }>(
    ctx.db,
    sql`select event_type, count(*) filter (where success) as successful, count(*) as total
      from order_events where created_at > ${DAY_AGO}
      group by event_type order by count(*) desc, event_type`,
  );
  const problems = await rowsOf<ProblemRow>(
    ctx.db,
    sql`select e.order_id, o.number, count(*) as errors, max(e.created_at) as last_at,
        (array_agg(e.error order by e.created_at desc, e.id desc))[1] as last_error
      from order_events e join orders o on o.id = e.order_id
      where not e.success and e.created_at > ${DAY_AGO}
      group by e.order_id, o.number
      order by max(e.created_at) desc`,
  );
  // Counted on the partial index of open orders by promised day (orders_open_due_idx).
  const today = moscowDate(now);
  const [due] = await rowsOf<{ overdue: number | string; today: number | string }>(
    ctx.db,
    sql`select count(*) filter (where due_date < ${today}::date) as overdue,
        count(*) filter (where due_date = ${today}::date) as today
      from orders
      where status in (${IN_WORK_LIST}) and due_date <= ${today}::date`,
  );
  const [parcels] = await rowsOf<{ created: number | string }>(
    ctx.db,
    sql`select count(*) as created from order_events
      where event_type = 'create-delivery' and success and created_at > ${DAY_AGO}
        and payload->>'created' = 'true'`,
  );
  const orderStats = byStatus.map((row) => ({ status: row.status, count: Number(row.count) }));
  const eventStats = events.map((row) => ({
    eventType: row.event_type,
    successful: Number(row.successful),
    total: Number(row.total),
  }));
  return {
    problematicOrders: problems.slice(0, PROBLEM_LIST_LIMIT).map((row) => ({
      orderId: Number(row.order_id),
      orderNumber: row.number,
      errorCount: Number(row.errors),
      lastError: row.last_error ?? 'Ошибка без описания',
      lastErrorAt: new Date(row.last_at).toISOString(),
    })),
    orderStats,
    eventStats,
    totals: {
      orders: orderStats.reduce((sum, row) => sum + row.count, 0),
      ordersWithErrors: problems.length,
      emailsSent: eventStats
        .filter((row) => MAIL_EVENTS.has(row.eventType))
        .reduce((sum, row) => sum + row.successful, 0),
      deliveriesCreated: Number(parcels?.created ?? 0),
      ...(await unreadByOfficeTotals(ctx.db)),
      overdueOrders: Number(due?.overdue ?? 0),
      dueToday: Number(due?.today ?? 0),
    },
    jobsByHour: await jobsByHour(ctx, now),
    integrations: integrations(ctx),
    refunds: await refundsToWatch(ctx, now),
  };
}
