/**
 * Sums the orders of the dirty Moscow days of a range again (server/db/schema/statistics.ts): in
 * one transaction, the days are taken off stats_dirty_days, their old sums deleted, and new ones
 * written from the orders' own stored figures — the amount, the discount, the stored cost, the
 * lines' and assurances' costs copied at order time, the other document, and the partner's rate
 * kept on the order. Cancelled orders are summed apart, and refunds (always made with a
 * cancellation) by their status; what a partial refund left with the bureau is revenue of the
 * day and its splits, with no costs and no order counted (docs/decisions/0048).
 *
 * Taking the days off with DELETE … RETURNING is what makes two readers at once safe on
 * PostgreSQL: the second waits for the first's rows and then finds nothing to take. An order
 * written meanwhile marks its day again (its trigger waits for the same row), so at worst a day
 * is summed twice, never left stale. A refund's change touches its order (payments/refunds.ts),
 * so its day is marked too.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';

const moscowDay = (column: string) => sql.raw(`(${column} at time zone 'Europe/Moscow')::date`);

export async function refreshDaySums(db: Database, startDate: string, endDate: string): Promise<void> {
  await db.transaction(async (tx) => {
    const claimed = await rowsOf<{ day: string }>(
      tx,
      sql`delete from stats_dirty_days where day between ${startDate}::date and ${endDate}::date returning day::text`,
    );
    const days = claimed.map((row) => row.day).sort();
    if (days.length > 0) await sumDays(tx, days);
  });
}

/** The given days' sums written again from their orders (days: 'YYYY-MM-DD', ascending). */
async function sumDays(tx: Database, days: string[]): Promise<void> {
  const list = sql`${`{${days.join(',')}}`}::date[]`;
  const first = days[0] as string;
  const last = days[days.length - 1] as string;
  // The daily sums are kept in kopecks (server/db/schema/statistics.ts): each × 100 as bigint.
  await tx.execute(sql`
    with cleared as (
      delete from stats_days where day = any(${list})
    ),
    placed as (
      select o.id, o.status, o.amount, o.cost, o.other_cost, o.discount_amount, o.partner_commission,
        o.partner_id, o.pickup_point_id, o.pickup_point_name, o.delivery_type, o.payer_type, o.assignee_id,
        ${moscowDay('o.created_at')} as day, r.amount as refunded, r.status as refund_status
      from orders o left join refunds r on r.order_id = o.id
      where o.created_at >= (${first}::date::timestamp at time zone 'Europe/Moscow')
        and o.created_at < ((${last}::date + 1)::timestamp at time zone 'Europe/Moscow')
        and ${moscowDay('o.created_at')} = any(${list})
    ),
    -- Cancelled with a refund of part of the payment: the rest stayed with the bureau.
    kept as (
      select * from placed where status = 'CANCELLED' and refunded is not null and refunded < amount
    ),
    counted as (
      select id, status, amount, cost, other_cost, discount_amount, partner_commission, partner_id,
        pickup_point_id, pickup_point_name, delivery_type, payer_type, assignee_id, day
      from placed where status <> 'CANCELLED'
      union all
      -- The work's costs of a cancelled order are not known to the product: none are counted.
      select id, status, amount - refunded, 0, 0, 0, 0, partner_id, pickup_point_id, pickup_point_name,
        delivery_type, payer_type, assignee_id, day
      from kept
    ),
    lines as (
      -- A line into several languages is that many translations: its copies count once per language.
      select l.id, l.order_id, c.day, l.document_id, l.type,
        l.quantity * greatest(1, cardinality(l.target_languages)) as quantity, l.price, l.cost
      from counted c join order_documents l on l.order_id = c.id
      where c.status <> 'CANCELLED'
    ),
    line_assurances as (
      select a.order_document_id as line_id, sum(a.price) as price, sum(a.cost) as cost
      from lines l join order_document_assurances a on a.order_document_id = l.id
      group by a.order_document_id
    ),
    order_costs as (
      select l.order_id, sum(l.cost * l.quantity) as documents,
        sum(coalesce(la.cost, 0) * l.quantity) as assurances
      from lines l left join line_assurances la on la.line_id = l.id
      group by l.order_id
    ),
    figures as (
      select c.*, coalesce(oc.documents, 0) as documents, coalesce(oc.assurances, 0) as assurances,
        round(c.amount * c.partner_commission / 100, 2) as commission
      from counted c left join order_costs oc on oc.order_id = c.id
    ),
    sets as (
      select day,
        case
          when grouping(delivery_type) = 0 then 'delivery'
          when grouping(payer_type) = 0 then 'payer'
          when grouping(partner_id) = 0 then 'partner'
          when grouping(pickup_point_id) = 0 then 'point'
          when grouping(assignee_id) = 0 then 'assignee'
          else 'total'
        end as kind,
        coalesce(delivery_type::text, payer_type::text, partner_id::text, pickup_point_id::text,
          assignee_id::text, '') as key,
        max(pickup_point_name) as name,
        -- A cancelled order's kept money is revenue; the order is counted among the cancelled.
        (count(*) filter (where status <> 'CANCELLED'))::int as orders,
        (sum(amount) * 100)::bigint as revenue,
        (sum(discount_amount) * 100)::bigint as promo_discount,
        (sum(documents) * 100)::bigint as documents_cost,
        (sum(assurances) * 100)::bigint as assurances_cost,
        -- The order's stored cost is its lines' and its delivery's: the rest is the delivery.
        (sum(cost - documents - assurances) * 100)::bigint as delivery_cost,
        (sum(other_cost) * 100)::bigint as other_cost,
        (sum(commission) * 100)::bigint as partner_commission
      from figures
      group by grouping sets ((day), (day, delivery_type), (day, payer_type), (day, partner_id), (day, pickup_point_id),
        (day, assignee_id))
    ),
    documents as (
      select l.day, l.document_id, max(l.type) as name, count(distinct l.order_id)::int as orders,
        sum(l.quantity)::int as copies,
        (sum((l.price + coalesce(la.price, 0)) * l.quantity) * 100)::bigint as revenue,
        (sum(l.cost * l.quantity) * 100)::bigint as documents_cost,
        (sum(coalesce(la.cost, 0) * l.quantity) * 100)::bigint as assurances_cost
      from lines l left join line_assurances la on la.line_id = l.id
      group by l.day, l.document_id
    )
    insert into stats_days (day, kind, key, name, orders, copies, revenue, promo_discount, documents_cost,
      assurances_cost, delivery_cost, other_cost, partner_commission)
    select day, kind, key, name, orders, 0, revenue, promo_discount, documents_cost, assurances_cost,
      delivery_cost, other_cost, partner_commission
    from sets
    union all
    select day, 'document', document_id::text, name, orders, copies, revenue, 0, documents_cost,
      assurances_cost, 0, 0, 0
    from documents
    union all
    select day, 'cancelled', '', null, count(*)::int, 0, (sum(amount) * 100)::bigint, 0, 0, 0, 0, 0, 0
    from placed where status = 'CANCELLED' group by day
    union all
    select day, 'refund', refund_status::text, null, count(*)::int, 0, (sum(refunded) * 100)::bigint,
      0, 0, 0, 0, 0, 0
    from placed where refunded is not null group by day, refund_status
    union all
    select day, 'kept', '', null, count(*)::int, 0, (sum(amount - refunded) * 100)::bigint, 0, 0, 0, 0, 0, 0
    from kept group by day`);
}
