/**
 * The staff list budget: 100,000 orders in the embedded database, the real server over HTTP,
 * p95 of GET /api/order for the first page and for a filtered, searched and sorted page.
 * The orders are written straight into the data folder before the server starts (through the
 * API it would take many minutes); the searches rotate so no single query plan is measured.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { E2E_ADMIN_PASSWORD, startAppServer } from '../scripts/app-server.mjs';
import type { Database } from '../server/db/client';
import { openDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { rowsOf } from '../server/db/rows';
import { seedDatabase } from '../server/seed/seed';
import { listOrderSummaries, type OrderListQuery } from '../server/services/orders/staff-order-list';
import { adminHeaders, BENCH_ADMIN_EMAIL } from './admin-sign-in';
import { type LoadRequest, load, percentile } from './load';

export const ORDER_COUNT = 100_000;

export interface StaffListVerdict {
  name: string;
  budget: string;
  measured: string;
  ok: boolean;
}

/** Russian names, phones, emails, statuses, partners and dates spread like a busy bureau's. */
async function seedOrders(dataDir: string): Promise<{ seedMs: number; cpu: Record<string, number> }> {
  // Where server/start.ts keeps the embedded database inside DATA_DIR.
  const handle = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
  try {
    await migrateDatabase(handle);
    await seedDatabase(handle.db, { adminEmail: BENCH_ADMIN_EMAIL, adminPassword: E2E_ADMIN_PASSWORD });
    const started = performance.now();
    // Building the indexes once after the insert is several times faster than keeping them up.
    const definitions = await rowsOf<{ indexname: string; indexdef: string }>(
      handle.db,
      sql`select indexname, indexdef from pg_indexes where tablename = 'orders' and indexname <> 'orders_pkey'`,
    );
    for (const { indexname } of definitions) await handle.db.execute(sql.raw(`drop index "${indexname}"`));
    await handle.db.execute(sql`
      with people as (
        select g,
          (array['Анна','Борис','Вера','Глеб','Дина','Егор','Жанна','Зоя','Игорь','Кира','Лев','Мария','Никита','Ольга','Павел','Роман','Светлана','Тимур','Ульяна','Фёдор'])[1 + g % 20] as first_name,
          (array['Смирнов','Иванов','Кузнецов','Попов','Васильев','Петров','Соколов','Михайлов','Новиков','Фёдоров','Морозов','Волков','Алексеев','Лебедев','Семёнов','Егоров','Павлов','Козлов','Степанов','Николаев','Орлов','Андреев','Макаров','Никитин','Захаров','Зайцев','Соловьёв','Борисов','Яковлев','Григорьев'])[1 + (g * 7) % 30] as last_name,
          now() - ((g * 613) % (730 * 24 * 60)) * interval '1 minute' as created_at,
          lpad(((g::bigint * 7919) % 1000000000)::text, 9, '0') as p
        from generate_series(1, ${ORDER_COUNT}) g
      )
      insert into orders (id, number, status, name, phone_number, email, original_language, target_language,
        delivery_type, partner_id, payer_type, organization_name, amount, cost, subtotal, created_at, updated_at)
      select g,
        to_char(created_at at time zone 'Europe/Moscow', 'YYMM') || '-' || lpad(g::text, 5, '0'),
        (enum_range(null::order_status))[1 + (g * 31) % 10],
        first_name || ' ' || last_name || case when g % 20 in (2, 5, 8, 12, 15, 16) then 'а' else '' end,
        '+7 9' || substr(p, 1, 2) || ' ' || substr(p, 3, 3) || '-' || substr(p, 6, 2) || '-' || substr(p, 8, 2),
        'client' || g || '@' || (array['mail.ru','yandex.ru','gmail.com','example.ru'])[1 + g % 4],
        'ru', (array['en','de','fr','zh'])[1 + g % 4],
        (enum_range(null::delivery_code))[1 + g % 3],
        case when g % 3 = 1 then 1 + (g / 3) % 2 end,
        (enum_range(null::payer_type))[1 + (g % 7 = 0)::int],
        case when g % 7 = 0 then 'ООО «Клиент ' || g % 500 || '»' end,
        500 + (g * 37) % 20000, 300 + (g * 17) % 8000, 500 + (g * 37) % 20000,
        created_at, created_at
      from people`);
    for (const { indexdef } of definitions) await handle.db.execute(sql.raw(indexdef));
    await handle.db.execute(sql`select setval(pg_get_serial_sequence('orders', 'id'), ${ORDER_COUNT})`);
    await handle.db.execute(sql`analyze orders`);
    await handle.checkpoint();
    const seedMs = performance.now() - started;
    return { seedMs, cpu: await cpuPerCall(handle.db) };
  } finally {
    await handle.close();
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

const SEARCHES = ['916 12', 'смирнова', 'client4242', 'игорь соко', '903 55', '2611-0', 'yandex.ru'];

const narrowedQuery = (turn: number): OrderListQuery => ({
  status: 'IN_TRANSLATION',
  dateFrom: '2025-01-01',
  search: SEARCHES[turn % SEARCHES.length],
  sort: 'amount',
  direction: 'asc',
  limit: 20,
});

/**
 * p95 of the CPU one list call costs in this process (PGlite runs here): unlike wall time it
 * does not grow when other processes share the machine's cores.
 */
async function cpuPerCall(db: Database): Promise<Record<string, number>> {
  const cases: Record<string, (turn: number) => OrderListQuery> = {
    first: () => ({ limit: 20 }),
    narrowed: narrowedQuery,
  };
  const result: Record<string, number> = {};
  for (const [name, query] of Object.entries(cases)) {
    const costs: number[] = [];
    for (let turn = 0; turn < 5 + 7 * 6; turn++) {
      const before = process.cpuUsage();
      await listOrderSummaries(db, query(turn));
      const used = process.cpuUsage(before);
      if (turn >= 5) costs.push((used.user + used.system) / 1000);
    }
    result[name] = percentile(
      costs.sort((a, b) => a - b),
      95,
    );
  }
  return result;
}

export async function benchStaffList(seconds: number): Promise<StaffListVerdict[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'perevod-bench-orders-'));
  try {
    const { seedMs, cpu } = await seedOrders(dataDir);
    const server = await startAppServer({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' } });
    try {
      const headers = await adminHeaders(server.url);
      const firstPage: LoadRequest = { path: '/api/order?limit=20', headers };
      let turn = 0;
      const narrowed: LoadRequest = {
        path: '/api/order',
        headers,
        setupRequest: (request) => {
          const query = new URLSearchParams(
            Object.entries(narrowedQuery(turn++)).map(([key, value]) => [key, String(value)]),
          );
          return { ...request, path: `/api/order?${query}` };
        },
      };
      const probe = await fetch(`${server.url}/api/order?limit=1`, { headers });
      const total = ((await probe.json()) as { total?: number }).total;
      await load(server.url, firstPage, { connections: 2, seconds: 2 });
      const verdicts: StaffListVerdict[] = [];
      for (const [name, request, cpuP95] of [
        ['first page, newest first', firstPage, cpu.first],
        ['status + date range + rotating search + sort by amount', narrowed, cpu.narrowed],
      ] as const) {
        // One manager's view decides the budget; four at once show how the one connection queues.
        const alone = await load(server.url, request, { connections: 1, seconds });
        const together = await load(server.url, request, { connections: 4, seconds });
        verdicts.push({
          name: `GET /api/order over ${ORDER_COUNT.toLocaleString('en')} orders (${name}), embedded database`,
          budget: 'p95 ≤ 50 ms (one client)',
          measured:
            `one client: p50 ${ms(alone.p50)}, p95 ${ms(alone.p95)}, ${alone.requests} requests; ` +
            `4 clients: p50 ${ms(together.p50)}, p95 ${ms(together.p95)}; ` +
            `${alone.failed + together.failed} failed; list total ${total}; ` +
            `CPU per call in-process p95 ${ms(cpuP95 ?? Number.NaN)}; seeded in ${(seedMs / 1000).toFixed(1)} s`,
          ok: alone.p95 <= 50 && alone.failed + together.failed === 0 && probe.status === 200,
        });
      }
      return verdicts;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
