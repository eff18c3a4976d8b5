/**
 * npm run bench — measures the budgets of architecture.md against the real server (a child
 * process on a fresh data folder, exactly as `npm start` runs it: the compiled server, built
 * first when the build is missing or older than the sources) and prints a table.
 * Budgets whose operation is not implemented yet are reported as such, not as passed.
 * BENCH_SECONDS (default 10) sets each run's length; exits 1 when a measured budget is missed.
 * BENCH_ONLY=memory,phone,embedded,postgres,staff-list,unit-economics runs only the parts named
 * (memory: bench/memory.ts, the server's RSS idle and at its peaks; phone: bench/phone.ts, INP
 * and offline start; embedded: the catalogue and orders on the embedded database; postgres:
 * the idle memory and orders on BENCH_DATABASE_URL against their baseline).
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { type AppServer, ROOT, startAppServer } from '../scripts/app-server.mjs';
import { buildInputsDigest, builtDigest } from '../scripts/build/inputs.mjs';
import { createScratchDatabase } from '../server/test-support/database';
import { startBaseline } from './baseline';
import { type LoadResult, load } from './load';
import { BUDGET_MB, benchMemoryEmbedded, idleRssMb, idleVerdict } from './memory';
import { benchOrdersOnPostgres, orderRequest as orderRequestOf } from './orders-postgres';
import { benchPhone } from './phone';
import { processTreeCpuMs } from './process-tree';
import { benchStaffList } from './staff-list';
import { benchUnitEconomics } from './unit-economics';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATIO_ROUNDS = 3;

interface Verdict {
  name: string;
  budget: string;
  measured: string;
  ok: boolean | 'not implemented';
}

const contract = parse(readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8'));
const contractExample = (path: string, method: string): unknown =>
  contract.paths[path][method].requestBody.content['application/json'].example;

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const rate = (r: LoadResult) => `${Math.round(r.perSecond)} req/s`;

/** Order creation at 1 and 20 clients against one running server. */
async function benchOrders(server: AppServer, database: string): Promise<Verdict[]> {
  const verdicts: Verdict[] = [];
  const orderRequest = orderRequestOf(contractExample('/api/order', 'post'));
  const probe = await fetch(server.url + orderRequest.path, {
    method: 'POST',
    headers: { ...orderRequest.headers, 'idempotency-key': randomUUID() },
    body: orderRequest.body,
  });
  if (probe.status === 201) {
    await load(server.url, orderRequest, { connections: 10, seconds: 2 });
    // One client: one order's own latency. Twenty: the budget, where orders queue for the
    // embedded database's single connection. CPU is the server's own per order (bench/
    // process-tree.ts), which other work on a shared machine inflates far less than latency.
    for (const connections of [1, 20]) {
      const cpuBefore = processTreeCpuMs(server.pid);
      const orders = await load(server.url, orderRequest, { connections, seconds: SECONDS });
      const cpu = (processTreeCpuMs(server.pid) - cpuBefore) / Math.max(1, orders.requests);
      const measured = `p50 ${fmt(orders.p50)}, p95 ${fmt(orders.p95)}, p99 ${fmt(orders.p99)}, ${rate(orders)}, ${orders.requests} orders, ${orders.failed} failed; server CPU ${cpu.toFixed(1)} ms/order; load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`;
      verdicts.push(
        connections === 20
          ? {
              name: `POST /api/order, 20 concurrent clients, ${database}`,
              budget: 'p99 ≤ 50 ms',
              measured,
              ok: orders.p99 <= 50 && orders.failed === 0,
            }
          : {
              name: `POST /api/order, 1 client, ${database} (for comparison)`,
              budget: 'none',
              measured,
              ok: orders.failed === 0,
            },
      );
    }
  } else {
    verdicts.push({
      name: `POST /api/order, 20 concurrent clients, ${database}`,
      budget: 'p99 ≤ 50 ms',
      measured: `the contract's example order answered ${probe.status}: ${await probe.text()}`,
      ok: false,
    });
  }
  return verdicts;
}

/**
 * Where a benched server's log goes: a file, as a journal takes it in production. Read through a
 * pipe, each access-log line cost the load generator's process, which shares the machine's two
 * cores with the server, and the figures with it.
 */
function serverLog(name: string): string {
  const file = join(tmpdir(), `perevod-bench-${name}-${process.pid}.log`);
  console.log(`bench: the ${name} server's log is in ${file}`);
  return file;
}

const only = new Set((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean));
const runs = (part: string) => only.size === 0 || only.has(part);

/** The production build, made as `npm start` makes it when it is missing or older than the sources. */
function ensureBuild(): void {
  if (existsSync(join(ROOT, 'dist-server', 'main.js')) && builtDigest(ROOT) === buildInputsDigest(ROOT))
    return;
  console.log('bench: building the app and the server first (npm run build)');
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

async function main() {
  ensureBuild();
  const server = await startAppServer({
    compiled: true,
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
    logFile: serverLog('embedded'),
  });
  const readyAt = performance.now();
  const verdicts: Verdict[] = [];
  try {
    // First, on a server that has done nothing since its start: its memory idle, then at peaks.
    if (runs('memory'))
      verdicts.push(
        ...(await benchMemoryEmbedded(
          server,
          readyAt,
          orderRequestOf(contractExample('/api/order', 'post')),
          SECONDS,
        )),
      );
    // Then the phone's figures in Chromium (the built app in dist/).
    if (runs('phone')) verdicts.push(...(await benchPhone(server)));
    if (runs('embedded')) verdicts.push(...(await benchEmbedded(server)));
  } finally {
    await server.stop();
  }
  // The same on PostgreSQL, where orders run in parallel on a pool of connections (the
  // deployment the README recommends under load): a database of its own, dropped afterwards.
  const postgresServer = process.env.BENCH_DATABASE_URL;
  if (postgresServer && runs('postgres')) {
    const scratch = await createScratchDatabase(postgresServer, 'perevod_bench');
    try {
      const onPostgres = await startAppServer({
        compiled: true,
        env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', DATABASE_URL: scratch.url },
        logFile: serverLog('postgres'),
      });
      const readyAt = performance.now();
      try {
        const idle = await idleRssMb(onPostgres, readyAt);
        verdicts.push(idleVerdict('PostgreSQL', idle, BUDGET_MB.postgresIdle));
        verdicts.push(
          ...(await benchOrdersOnPostgres(
            onPostgres,
            scratch.url,
            contractExample('/api/order', 'post'),
            SECONDS,
          )),
        );
      } finally {
        await onPostgres.stop();
      }
    } finally {
      await scratch.drop();
    }
  }
  // Its own server on a data folder filled beforehand with 100,000 orders.
  if (runs('staff-list')) verdicts.push(...(await benchStaffList(SECONDS)));
  // And one with a year of 100,000 orders with their lines, for the statistics.
  if (runs('unit-economics')) verdicts.push(...(await benchUnitEconomics(SECONDS)));

  report(verdicts);
}

/** The public catalogue against plain node:http, and order creation, on the embedded database. */
async function benchEmbedded(server: AppServer): Promise<Verdict[]> {
  const verdicts: Verdict[] = [];
  const catalogue = await (await fetch(`${server.url}/api/order/form-params`)).json();
  const baseline = await startBaseline(catalogue);
  try {
    // Warm both up so JIT and connection set-up do not count.
    await load(server.url, { path: '/api/order/form-params' }, { connections: 10, seconds: 2 });
    await load(baseline.origin, { path: '/' }, { connections: 10, seconds: 2 });
    // Rounds alternate the two servers, so a slow moment of a shared machine hits both; the
    // median round is reported.
    const rounds: Array<{ full: LoadResult; bare: LoadResult; ratio: number }> = [];
    for (let round = 0; round < RATIO_ROUNDS; round++) {
      const full = await load(
        server.url,
        { path: '/api/order/form-params' },
        { connections: 20, seconds: SECONDS },
      );
      const bare = await load(baseline.origin, { path: '/' }, { connections: 20, seconds: SECONDS });
      rounds.push({ full, bare, ratio: full.perSecond / bare.perSecond });
    }
    rounds.sort((a, b) => a.ratio - b.ratio);
    const { full, bare, ratio } = rounds[Math.floor(rounds.length / 2)] as (typeof rounds)[number];
    const failed = rounds.reduce((sum, r) => sum + r.full.failed, 0);
    verdicts.push({
      name: `GET /api/order/form-params vs plain node:http, same JSON, 20 connections, median of ${RATIO_ROUNDS} rounds`,
      budget: 'ratio ≥ 0.80',
      measured: `${rate(full)} / ${rate(bare)} = ${ratio.toFixed(2)} (rounds ${rounds.map((r) => r.ratio.toFixed(2)).join(', ')}; p99 ${fmt(full.p99)}, ${failed} failed; load average ${loadavg()[0]?.toFixed(1)})`,
      ok: ratio >= 0.8 && failed === 0,
    });
  } finally {
    await baseline.close();
  }

  verdicts.push(...(await benchOrders(server, 'embedded database')));
  return verdicts;
}

function report(verdicts: Verdict[]) {
  console.log('\nBenchmarks (budgets from architecture.md)\n');
  for (const v of verdicts) {
    const mark = v.ok === true ? 'PASS' : v.ok === false ? 'FAIL' : 'TODO';
    console.log(`${mark}  ${v.name}\n      budget ${v.budget}; measured ${v.measured}`);
  }
  if (verdicts.some((v) => v.ok === false)) process.exitCode = 1;
}

await main();
