/**
 * npx tsx bench/backup.ts [orders] [files] — what a backup costs: its archive's size, how long it
 * takes, how long the server's queries would wait for the snapshot (heldMs), the process's peak
 * memory, and how long a restore of it takes. Twice: on the demo data of a first start, and on a
 * scratch data folder seeded with `orders` orders (100,000 by default; two lines each) and
 * `files` uploaded documents of 100 KB of random bytes (2,000 by default: scans do not
 * compress); `0` orders measures the demo data only. Seeds straight into the database, as
 * bench/staff-list.ts does. Not part of npm test.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { runBackup } from '../server/backup/backup';
import type { BackupResult } from '../server/backup/history';
import { restoreArchive } from '../server/backup/restore';
import { loadConfig } from '../server/config';
import { type DatabaseHandle, openDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { rowsOf } from '../server/db/rows';
import { seedDatabase } from '../server/seed/seed';

const ORDERS = Number(process.argv[2] ?? 100_000);
const FILES = Number(process.argv[3] ?? 2_000);
const FILE_BYTES = 100 * 1024;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function seedOrders(handle: DatabaseHandle, dataDir: string): Promise<void> {
  const definitions = await rowsOf<{ indexname: string; indexdef: string }>(
    handle.db,
    sql`select indexname, indexdef from pg_indexes where tablename = 'orders' and indexname <> 'orders_pkey'`,
  );
  for (const { indexname } of definitions) await handle.db.execute(sql.raw(`drop index "${indexname}"`));
  await handle.db.execute(sql`
    insert into orders (id, number, status, name, phone_number, email, original_language, target_language,
      delivery_type, payer_type, amount, cost, subtotal, created_at, updated_at)
    select g, 'B' || lpad(g::text, 7, '0'), (enum_range(null::order_status))[1 + (g * 31) % 10],
      'Клиент ' || g, '+7 916 ' || lpad((g % 10000000)::text, 7, '0'), 'client' || g || '@example.ru',
      'ru', (array['en','de','fr','zh'])[1 + g % 4], (enum_range(null::delivery_code))[1 + g % 3],
      'INDIVIDUAL', 500 + g % 20000, 300 + g % 8000, 500 + g % 20000,
      now() - (g % 1000) * interval '1 hour', now() - (g % 1000) * interval '1 hour'
    from generate_series(1, ${ORDERS}) g`);
  for (const { indexdef } of definitions) await handle.db.execute(sql.raw(indexdef));
  await handle.db.execute(sql`select setval(pg_get_serial_sequence('orders', 'id'), ${ORDERS})`);
  await handle.db.execute(sql`
    insert into order_documents (order_id, document_id, type, quantity, price, cost, sort_order)
    select g, 1 + (g + line) % 11, 'Документ', 1 + g % 3, 1500, 700, line
    from generate_series(1, ${ORDERS}) g, generate_series(0, 1) line`);
  // Uploaded documents: rows on orders spread through the table, bytes under files/.
  const month = join(dataDir, 'files', '2026-11');
  mkdirSync(month, { recursive: true });
  const rows: string[] = [];
  for (let index = 0; index < FILES; index++) {
    const id = randomUUID();
    writeFileSync(join(month, id), randomBytes(FILE_BYTES));
    const orderId = 1 + Math.floor((index * ORDERS) / Math.max(FILES, 1));
    rows.push(
      `('${id}', '2026-11/${id}', 'scan-${index}.pdf', ${FILE_BYTES}, 'application/pdf', 'ORDER_DOCUMENT', ${orderId})`,
    );
  }
  for (let start = 0; start < rows.length; start += 1000) {
    await handle.db.execute(
      sql.raw(
        `insert into files (id, storage_path, name, size, mime, kind, order_id) values ${rows.slice(start, start + 1000).join(',')}`,
      ),
    );
  }
  await handle.db.execute(sql`insert into order_files (order_id, file_id) select order_id, id from files`);
  await handle.db.execute(sql`analyze`);
  await handle.checkpoint();
}

async function folderBytes(folder: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

interface Measured {
  databaseBytes: number;
  result: BackupResult;
  peakRss: number;
  restoreMs: number;
}

async function measure(dataDir: string, handle: DatabaseHandle): Promise<Measured> {
  const databaseBytes = await folderBytes(join(dataDir, 'pglite'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  const result = await runBackup({ config, database: handle }, 'manual');
  clearInterval(sampler);
  await handle.close();
  if (result.status !== 'ok' || !result.archive) throw new Error(`backup failed: ${result.error}`);
  const target = mkdtempSync(join(tmpdir(), 'perevod-bench-restore-'));
  try {
    const started = performance.now();
    await restoreArchive(loadConfig({ DATA_DIR: target }), result.archive, { force: false });
    return { databaseBytes, result, peakRss, restoreMs: performance.now() - started };
  } finally {
    rmSync(target, { recursive: true, force: true });
  }
}

function report(name: string, { databaseBytes, result, peakRss, restoreMs }: Measured): string {
  return [
    `${name}: ${result.counts?.orders} orders, ${result.counts?.orderLines} lines, ${result.files?.stored} files (${mb(result.files?.bytes ?? 0)}); database folder ${mb(databaseBytes)}`,
    `  archive ${mb(result.bytes)}; backup ${s(result.durationMs)}, queries held ${s(result.heldMs)}; peak RSS ${mb(peakRss)}; restore ${s(restoreMs)}`,
  ].join('\n');
}

async function main(): Promise<void> {
  const lines: string[] = [];
  for (const seeded of ORDERS > 0 ? [false, true] : [false]) {
    const dataDir = mkdtempSync(join(tmpdir(), 'perevod-bench-backup-'));
    try {
      const handle = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
      await migrateDatabase(handle);
      await seedDatabase(handle.db, { adminEmail: 'admin@perevod.local', adminPassword: 'bench-password' });
      const seedStarted = performance.now();
      if (seeded) await seedOrders(handle, dataDir);
      else await handle.checkpoint();
      const label = seeded
        ? `${ORDERS.toLocaleString('en')} orders (seeded in ${s(performance.now() - seedStarted)})`
        : 'demo data (catalogue, no orders)';
      lines.push(report(label, await measure(dataDir, handle)));
      console.log(lines.at(-1));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

await main();
