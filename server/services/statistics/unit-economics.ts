/**
 * GET /api/admin/stats/unit-economics: what the orders of a range of Moscow days brought in and
 * cost, from each order's own stored amounts and costs (the lines' prices and costs copied at
 * order time, the partner's rate kept on the order), never from the catalogue as it is now.
 *
 * Two statements: the range's dirty days are summed again from their orders (day-sums.ts), then
 * the daily sums of the range are added up per split and returned as one JSON value. A year is
 * then a few thousand daily rows, not a hundred thousand orders with their lines: on the
 * embedded database the orders themselves took seconds (docs/decisions/0027). The sums are exact
 * (numeric); margins and averages are derived from them in kopecks by unit-figures.ts.
 */
import { sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import type { Database } from '../../db/client';
import { ProductError } from '../../errors';
import { staffNameSql } from '../people/staff-members';
import { refreshDaySums } from './day-sums';
import { type FigureSums, figuresOf } from './unit-figures';

export type UnitEconomics = components['schemas']['UnitEconomics'];
type DeliveryType = UnitEconomics['byDelivery'][number]['deliveryType'];
type PayerType = UnitEconomics['byPayer'][number]['payerType'];

/** Three years and a leap day: a longer range is refused rather than left to run. */
export const MAX_RANGE_DAYS = 1096;
const DAY_MS = 24 * 60 * 60 * 1000;

const invalid = (field: string, message: string) =>
  new ProductError('validation', 'VALIDATION_ERROR', message, { fields: { [field]: message } });

/** Days from start to end, both inclusive; 400 for a date the calendar does not have. */
function rangeDays(startDate: string, endDate: string): number {
  const start = Date.parse(`${startDate}T00:00:00Z`);
  const end = Date.parse(`${endDate}T00:00:00Z`);
  const real = (text: string, ms: number) => !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(text);
  if (!real(startDate, start)) throw invalid('startDate', 'Такой даты начала нет в календаре');
  if (!real(endDate, end)) throw invalid('endDate', 'Такой даты окончания нет в календаре');
  return Math.round((end - start) / DAY_MS) + 1;
}

type SetKind = 'total' | 'delivery' | 'payer' | 'partner' | 'point' | 'assignee';

interface SetRow extends FigureSums {
  kind: SetKind;
  key: string;
  name: string | null;
  partner_name: string | null;
  assignee_name: string | null;
}

interface PeriodRow extends FigureSums {
  period: string;
}

interface DocumentRow {
  key: string;
  name: string;
  orders: number;
  copies: number;
  revenue: string | number;
  cost: string | number;
}

interface Answer {
  sets: SetRow[] | null;
  days: PeriodRow[] | null;
  weeks: PeriodRow[] | null;
  documents: DocumentRow[] | null;
  weekday: string | number | null;
  saturday: string | number | null;
  sunday: string | number | null;
  cancelled_orders: number | null;
  cancelled_revenue: string | number | null;
  refunds: { status: string; orders: number; amount: string | number }[] | null;
  kept: string | number | null;
}

const SUMS =
  sql.raw(`sum(orders)::int as orders, sum(revenue) as revenue, sum(promo_discount) as promo_discount,
  sum(documents_cost) as documents_cost, sum(assurances_cost) as assurances_cost,
  sum(delivery_cost) as delivery_cost, sum(other_cost) as other_cost,
  sum(partner_commission) as partner_commission`);

const readStatement = (startDate: string, endDate: string) => sql`
  with range as (
    select * from stats_days where day between ${startDate}::date and ${endDate}::date
  ),
  totals as (select * from range where kind = 'total')
  select
    (select json_agg(s) from (
      select r.kind, r.key, max(r.name) as name, max(p.name) as partner_name,
        max(${staffNameSql('u')}) as assignee_name, ${SUMS}
      from range r left join partners p on r.kind = 'partner' and p.id::text = r.key
        left join users u on r.kind = 'assignee' and u.id::text = r.key
      where r.kind in ('total', 'delivery', 'payer', 'partner', 'point', 'assignee')
      group by r.kind, r.key
    ) s) as sets,
    (select json_agg(d order by d.period) from (
      select day as period, ${SUMS} from totals group by day
    ) d) as days,
    (select json_agg(w order by w.period) from (
      select date_trunc('week', day::timestamp)::date as period, ${SUMS} from totals group by 1
    ) w) as weeks,
    (select json_agg(d order by d.revenue desc, d.key) from (
      select key, max(name) as name, sum(orders)::int as orders, sum(copies)::int as copies,
        sum(revenue) as revenue, sum(documents_cost + assurances_cost) as cost
      from range where kind = 'document' group by key
    ) d) as documents,
    (select sum(assurances_cost) from totals where extract(isodow from day) < 6) as weekday,
    (select sum(assurances_cost) from totals where extract(isodow from day) = 6) as saturday,
    (select sum(assurances_cost) from totals where extract(isodow from day) = 7) as sunday,
    (select sum(orders)::int from range where kind = 'cancelled') as cancelled_orders,
    (select sum(revenue) from range where kind = 'cancelled') as cancelled_revenue,
    (select json_agg(f) from (
      select key as status, sum(orders)::int as orders, sum(revenue) as amount
      from range where kind = 'refund' group by key
    ) f) as refunds,
    (select sum(revenue) from range where kind = 'kept') as kept`;

const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const byText = (a: string, b: string) => a.localeCompare(b);

const nullable = (key: string) => (key === '' ? null : Number(key));

/** The refunds' sums by status, in rubles (kopecks added up first, so the total is exact). */
function refundsOf(answer: Answer): UnitEconomics['refunds'] {
  const rows = answer.refunds ?? [];
  const kopecksOf = (status?: string) =>
    rows
      .filter((row) => status === undefined || row.status === status)
      .reduce((sum, row) => sum + Math.round(Number(row.amount)), 0);
  return {
    orders: rows.reduce((sum, row) => sum + row.orders, 0),
    amount: kopecksOf() / 100,
    pending: kopecksOf('PENDING') / 100,
    failed: kopecksOf('FAILED') / 100,
    kept: Math.round(Number(answer.kept ?? 0)) / 100,
  };
}

export async function unitEconomics(
  db: Database,
  startDate: string,
  endDate: string,
): Promise<UnitEconomics> {
  const days = rangeDays(startDate, endDate);
  if (days < 1) throw invalid('endDate', 'Дата окончания раньше даты начала');
  if (days > MAX_RANGE_DAYS) throw invalid('endDate', 'Период не может быть длиннее трёх лет');
  await refreshDaySums(db, startDate, endDate);
  const result = (await db.execute(readStatement(startDate, endDate))) as unknown as {
    rows: Record<string, unknown>[];
  };
  const raw = result.rows[0] ?? {};
  const answer = Object.fromEntries(
    Object.entries(raw).map(([key, value]) => [key, parsed(value)]),
  ) as unknown as Answer;
  const sets = answer.sets ?? [];
  const of = (kind: SetKind) => sets.filter((row) => row.kind === kind);
  const byRevenue = (a: SetRow, b: SetRow) => Number(b.revenue) - Number(a.revenue);
  return {
    startDate,
    endDate,
    totals: figuresOf(of('total')[0]),
    assurancesByDay: {
      weekday: Number(answer.weekday ?? 0) / 100,
      saturday: Number(answer.saturday ?? 0) / 100,
      sunday: Number(answer.sunday ?? 0) / 100,
    },
    cancelled: { orders: answer.cancelled_orders ?? 0, revenue: Number(answer.cancelled_revenue ?? 0) / 100 },
    refunds: refundsOf(answer),
    byDocument: (answer.documents ?? []).map((row) => ({
      documentId: Number(row.key),
      type: row.name,
      orders: row.orders,
      copies: row.copies,
      revenue: Number(row.revenue) / 100,
      cost: Number(row.cost) / 100,
    })),
    byPartner: of('partner')
      .sort(byRevenue)
      .map((row) => ({ partnerId: nullable(row.key), name: row.partner_name, ...figuresOf(row) })),
    byPickupPoint: of('point')
      .sort(byRevenue)
      .map((row) => ({
        pickupPointId: nullable(row.key),
        name: row.key ? row.name : null,
        ...figuresOf(row),
      })),
    byDelivery: of('delivery')
      .sort((a, b) => byText(a.key, b.key))
      .map((row) => ({ deliveryType: row.key as DeliveryType, ...figuresOf(row) })),
    byPayer: of('payer')
      .sort((a, b) => byText(a.key, b.key))
      .map((row) => ({ payerType: row.key as PayerType, ...figuresOf(row) })),
    byAssignee: of('assignee')
      .sort(byRevenue)
      .map((row) => ({
        assigneeId: nullable(row.key),
        name: row.key ? row.assignee_name : null,
        ...figuresOf(row),
      })),
    byDay: (answer.days ?? []).map((row) => ({ date: row.period, ...figuresOf(row) })),
    byWeek: (answer.weeks ?? []).map((row) => ({ weekStart: row.period, ...figuresOf(row) })),
  };
}
