/**
 * Where POST /api/order's time goes on the embedded database: createOrder run one at a time on an
 * in-memory PGlite (migrated, seeded, pg-boss started), with every statement timed through the
 * PGlite driver. `npx tsx bench/profile-order.ts [orders]`. A tool for the bench, not a gate.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { OrderCreate } from '../server/services/orders/check-order';
import { createOrder } from '../server/services/orders/create-order';
import { startTestServer } from '../server/test-support/test-server';

const N = Number(process.argv[2] ?? 200);
const server = await startTestServer({ jobs: true });
const pglite = server.context.database?.pglite as PGlite | undefined;
const statements = new Map<string, { n: number; ms: number }>();
function timeStatements(target: Record<string, unknown>) {
  for (const method of ['query', 'exec', 'sql'] as const) {
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
if (pglite) {
  timeStatements(pglite as unknown as Record<string, unknown>);
  const transaction = pglite.transaction.bind(pglite);
  (pglite as unknown as Record<string, unknown>).transaction = (run: (tx: unknown) => Promise<unknown>) =>
    transaction(async (tx) => {
      timeStatements(tx as unknown as Record<string, unknown>);
      return run(tx);
    });
}
const body = (i: number): OrderCreate =>
  ({
    name: 'Анна Смирнова',
    phoneNumber: '+7 916 123-45-67',
    email: `bench.${i % 20}@example.ru`,
    originalLanguage: 'ru',
    targetLanguage: 'en',
    orderDocuments: [
      { documentId: 1, quantity: 2, assuranceIds: [1] },
      { documentId: 2, quantity: 1, assuranceIds: [] },
    ],
    payerType: 'INDIVIDUAL',
    deliveryType: 'PICKUP_POINT',
    deliveryId: 2,
    pickupPointId: 1,
    promoCode: 'WELCOME10',
  }) as OrderCreate;
for (let i = 0; i < 20; i++)
  await createOrder(server.context, { body: body(i), idempotencyKey: `warm-${i}`, caller: null });
statements.clear();
const times: number[] = [];
for (let i = 0; i < N; i++) {
  const started = performance.now();
  await createOrder(server.context, { body: body(i), idempotencyKey: `key-${i}`, caller: null });
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const at = (p: number) =>
  times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]?.toFixed(2);
console.log(`createOrder alone, ${N} orders: p50 ${at(50)} ms, p95 ${at(95)} ms, p99 ${at(99)} ms`);
const rows = [...statements.entries()].sort((a, b) => b[1].ms - a[1].ms);
let total = 0;
for (const [, s] of rows) total += s.ms;
console.log(
  `statements per order: ${(rows.reduce((n, [, s]) => n + s.n, 0) / N).toFixed(1)}, ${(total / N).toFixed(2)} ms`,
);
for (const [key, s] of rows.slice(0, 30))
  console.log(`${(s.ms / N).toFixed(3)} ms/order  ${(s.n / N).toFixed(2)}×  ${key}`);
await server.close();
