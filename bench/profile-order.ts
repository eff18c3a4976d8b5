/**
 * Where POST /api/order's time goes on the embedded database: createOrder run one at a time on an
 * in-memory PGlite (migrated, seeded, pg-boss started), with every statement timed through the
 * PGlite driver, and the CPU time one order costs. `npx tsx bench/profile-order.ts [orders]`;
 * PROFILE_OUT=file.cpuprofile also writes a CPU profile of the timed orders only (open it in
 * Chrome's DevTools). A tool for the bench, not a gate.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { loadavg } from 'node:os';
import type { OrderCreate } from '../server/services/orders/check-order';
import { createOrder } from '../server/services/orders/create-order';
import { pickupOrderBody } from '../server/test-support/order-bodies';
import { startTestServer } from '../server/test-support/test-server';

const N = Number(process.argv[2] ?? 200);
const post = (session: Session, method: string) =>
  new Promise<unknown>((resolve, reject) =>
    session.post(method, (error, result) => (error ? reject(error) : resolve(result))),
  );
const server = await startTestServer({ jobs: true });
// Drizzle and pg-boss reach PGlite through the statement client (server/db/pglite-statements.ts).
const client = server.context.database?.statements;
const statements = new Map<string, { n: number; ms: number }>();
function timeStatements(target: Record<string, unknown>) {
  for (const method of ['query', 'exec'] as const) {
    if (typeof target[method] !== 'function') continue;
    const original = (target[method] as (...args: unknown[]) => Promise<unknown>).bind(target);
    target[method] = async (...args: unknown[]) => {
      const started = performance.now();
      try {
        return await original(...args);
      } finally {
        const key = String(args[0]).replace(/\s+/g, ' ').slice(0, 90);
        const seen = statements.get(key) ?? { n: 0, ms: 0 };
        seen.n += 1;
        seen.ms += performance.now() - started;
        statements.set(key, seen);
      }
    };
  }
}
if (client) {
  timeStatements(client as unknown as Record<string, unknown>);
  const transaction = client.transaction.bind(client);
  (client as unknown as Record<string, unknown>).transaction = (run: (tx: unknown) => Promise<unknown>) =>
    transaction(async (tx) => {
      timeStatements(tx as unknown as Record<string, unknown>);
      return run(tx);
    });
}
const body = (i: number) =>
  pickupOrderBody(`bench.${i % 20}@example.ru`, { promoCode: 'WELCOME10' }) as OrderCreate;
for (let i = 0; i < 20; i++)
  await createOrder(server.context, { body: body(i), idempotencyKey: `warm-${i}`, caller: null });
statements.clear();
// CPU time, unlike wall time, is not inflated by other processes on a shared machine.
const profiler = process.env.PROFILE_OUT ? new Session() : undefined;
if (profiler) {
  profiler.connect();
  await post(profiler, 'Profiler.enable');
  await post(profiler, 'Profiler.start');
}
const times: number[] = [];
const cpuBefore = process.cpuUsage();
const wallBefore = performance.now();
for (let i = 0; i < N; i++) {
  const started = performance.now();
  await createOrder(server.context, { body: body(i), idempotencyKey: `key-${i}`, caller: null });
  times.push(performance.now() - started);
}
const cpu = process.cpuUsage(cpuBefore);
const wall = performance.now() - wallBefore;
if (profiler && process.env.PROFILE_OUT) {
  const { profile } = (await post(profiler, 'Profiler.stop')) as { profile: unknown };
  writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
}
times.sort((a, b) => a - b);
const at = (p: number) =>
  times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]?.toFixed(2);
console.log(`createOrder alone, ${N} orders: p50 ${at(50)} ms, p95 ${at(95)} ms, p99 ${at(99)} ms`);
console.log(
  `CPU ${((cpu.user + cpu.system) / 1000 / N).toFixed(2)} ms/order, wall ${(wall / N).toFixed(2)} ms/order, load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
const rows = [...statements.entries()].sort((a, b) => b[1].ms - a[1].ms);
let total = 0;
for (const [, s] of rows) total += s.ms;
console.log(
  `statements per order: ${(rows.reduce((n, [, s]) => n + s.n, 0) / N).toFixed(1)}, ${(total / N).toFixed(2)} ms`,
);
for (const [key, s] of rows.slice(0, 30))
  console.log(`${(s.ms / N).toFixed(3)} ms/order  ${(s.n / N).toFixed(2)}×  ${key}`);
await server.close();
