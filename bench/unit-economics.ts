/**
 * The statistics budget: a year of 100,000 orders (with their document lines and assurances) in
 * the embedded database, the real server over HTTP, p95 of GET /api/admin/stats/unit-economics
 * for the whole year at most 300 ms. Rows are written straight into the data folder before the
 * server starts, as bench/staff-list.ts does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { E2E_ADMIN_PASSWORD, startAppServer } from '../scripts/app-server.mjs';
import { openDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { seedDatabase } from '../server/seed/seed';
import { moscowDate } from '../src/domain/moscow-time';
import { adminHeaders, BENCH_ADMIN_EMAIL } from './admin-sign-in';
import { load } from './load';

export const STATS_ORDER_COUNT = 100_000;

export interface StatsVerdict {
  name: string;
  budget: string;
  measured: string;
  ok: boolean;
}

/** A year of orders ending now: 1–3 lines each, a notary on every other line, 1 in 10 cancelled. */
async function seedYear(dataDir: string): Promise<number> {
  const handle = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
  try {
    await migrateDatabase(handle);
    await seedDatabase(handle.db, { adminEmail: BENCH_ADMIN_EMAIL, adminPassword: E2E_ADMIN_PASSWORD });
    const started = performance.now();
    await handle.db.execute(sql`
      insert into orders (id, number, status, name, phone_number, email, original_language, target_language,
        delivery_type, delivery_price, partner_id, partner_commission, pickup_point_id, pickup_point_name,
        payer_type, discount_percent, subtotal, discount_amount, amount, cost, other_price, other_cost,
        created_at, updated_at)
      select g, 'S-' || g,
        case when g % 10 = 0 then 'CANCELLED'::order_status else 'COMPLETED'::order_status end,
        'Клиент ' || g, '+7 916 000-00-00', 'stats' || g || '@example.ru', 'ru', 'en',
        (enum_range(null::delivery_code))[1 + g % 3],
        (array[0, 250, 600])[1 + g % 3],
        case when g % 3 = 1 then 1 + (g / 3) % 2 end,
        case when g % 3 = 1 then (array[10, 12.5])[1 + (g / 3) % 2] else 0 end,
        case when g % 3 = 1 then 1 + g % 30 end,
        case when g % 3 = 1 then 'Пункт ' || (1 + g % 30) end,
        (enum_range(null::payer_type))[1 + (g % 7 = 0)::int],
        case when g % 5 = 0 then 10 else 0 end,
        2000 + (g % 7) * 300, case when g % 5 = 0 then 200 + (g % 7) * 30 else 0 end,
        2000 + (g % 7) * 300 - case when g % 5 = 0 then 200 + (g % 7) * 30 else 0 end + (array[0, 250, 600])[1 + g % 3],
        1100 + (g % 7) * 150 + (array[0, 250, 600])[1 + g % 3],
        case when g % 50 = 0 then 500 else 0 end, case when g % 50 = 0 then 300 else 0 end,
        now() - (g * 315) * interval '1 second', now() - (g * 315) * interval '1 second'
      from generate_series(1, ${STATS_ORDER_COUNT}) g`);
    await handle.db.execute(sql`
      insert into order_documents (order_id, document_id, type, quantity, price, cost, sort_order)
      select o, 1 + (o + n) % 10, 'Документ ' || (1 + (o + n) % 10), 1 + (o % 2), 1000 + n * 100, 500 + n * 50, n
      from generate_series(1, ${STATS_ORDER_COUNT}) o, generate_series(0, 2) n
      where n <= o % 3`);
    await handle.db.execute(sql`
      insert into order_document_assurances (order_document_id, assurance_id, type, price, cost)
      select id, 1, 'Нотариальное заверение перевода', 900, 500 from order_documents where id % 2 = 0`);
    await handle.db.execute(sql`select setval(pg_get_serial_sequence('orders', 'id'), ${STATS_ORDER_COUNT})`);
    await handle.db.execute(sql`analyze`);
    await handle.checkpoint();
    return performance.now() - started;
  } finally {
    await handle.close();
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

export async function benchUnitEconomics(seconds: number): Promise<StatsVerdict[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'perevod-bench-stats-'));
  try {
    const seedMs = await seedYear(dataDir);
    const server = await startAppServer({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' } });
    try {
      const headers = await adminHeaders(server.url);
      const endDate = moscowDate(new Date());
      const startDate = moscowDate(new Date(Date.now() - 365 * 24 * 3600 * 1000));
      const path = `/api/admin/stats/unit-economics?startDate=${startDate}&endDate=${endDate}`;
      // The first look sums every day of the year (all are new to the statistics); later looks
      // read the daily sums. Both are reported.
      const coldStarted = performance.now();
      const probe = await fetch(server.url + path, { headers });
      const figures = (await probe.json()) as { totals?: { orders: number }; cancelled?: { orders: number } };
      const coldMs = performance.now() - coldStarted;
      await load(server.url, { path, headers }, { connections: 1, seconds: 2 });
      const year = await load(server.url, { path, headers }, { connections: 1, seconds });
      const counted = (figures.totals?.orders ?? 0) + (figures.cancelled?.orders ?? 0);
      return [
        {
          name: `GET /api/admin/stats/unit-economics, a year of ${STATS_ORDER_COUNT.toLocaleString('en')} orders, embedded database`,
          budget: 'p95 ≤ 300 ms (one client)',
          measured:
            `p50 ${ms(year.p50)}, p95 ${ms(year.p95)}, p99 ${ms(year.p99)}, ${year.requests} requests, ` +
            `${year.failed} failed; ${counted} orders in the range; the first look (every day summed) ${ms(coldMs)}; ` +
            `seeded in ${(seedMs / 1000).toFixed(1)} s; load average ${loadavg()
              .map((n) => n.toFixed(1))
              .join(' ')}`,
          ok: probe.status === 200 && year.p95 <= 300 && year.failed === 0 && counted > 0,
        },
      ];
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npx tsx bench/unit-economics.ts` runs this budget alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const verdict of await benchUnitEconomics(Number(process.env.BENCH_SECONDS ?? 10))) {
    console.log(
      `${verdict.ok ? 'PASS' : 'FAIL'}  ${verdict.name}\n      budget ${verdict.budget}; measured ${verdict.measured}`,
    );
  }
}
