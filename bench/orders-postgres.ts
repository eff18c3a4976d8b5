/**
 * Order creation on PostgreSQL against its physical baseline (bench/order-baseline-server.mjs:
 * node:http + pg writing the same rows in one transaction), at 1, 4 and 20 clients, alternating
 * the two servers so a slow moment of a shared machine hits both.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import type { AppServer } from '../scripts/app-server.mjs';
import { type Baseline, startOrderBaseline } from './baseline';
import { type LoadResult, load } from './load';
import { processTreeCpuMs } from './process-cpu';

export interface OrderVerdict {
  name: string;
  budget: string;
  measured: string;
  ok: boolean;
}

const CLIENTS = [1, 4, 20] as const;

/** The contract's example order; each request its own Idempotency-Key, so each writes an order. */
export function orderRequest(body: unknown, path = '/api/order') {
  return {
    method: 'POST' as const,
    path,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    setupRequest: (request: Record<string, unknown>) => ({
      ...request,
      headers: { ...(request.headers as Record<string, string>), 'idempotency-key': randomUUID() },
    }),
  };
}

interface Measured {
  result: LoadResult;
  cpuPerOrder: number;
}

async function measure(
  origin: string,
  pid: number,
  request: ReturnType<typeof orderRequest>,
  connections: number,
  seconds: number,
): Promise<Measured> {
  const before = processTreeCpuMs(pid);
  const result = await load(origin, request, { connections, seconds });
  return { result, cpuPerOrder: (processTreeCpuMs(pid) - before) / Math.max(1, result.requests) };
}

const describe = (m: Measured) =>
  `${Math.round(m.result.perSecond)} orders/s, p50 ${m.result.p50.toFixed(1)} ms, p99 ${m.result.p99.toFixed(1)} ms, CPU ${m.cpuPerOrder.toFixed(2)} ms/order, ${m.result.failed} failed`;

export async function benchOrdersOnPostgres(
  server: AppServer,
  databaseUrl: string,
  body: unknown,
  seconds: number,
): Promise<OrderVerdict[]> {
  const full = orderRequest(body);
  const bare = orderRequest(body, '/');
  const baseline: Baseline = await startOrderBaseline(databaseUrl);
  const verdicts: OrderVerdict[] = [];
  try {
    await load(server.url, full, { connections: 10, seconds: 2 });
    await load(baseline.origin, bare, { connections: 10, seconds: 2 });
    for (const connections of CLIENTS) {
      const product = await measure(server.url, server.pid, full, connections, seconds);
      const plain = await measure(baseline.origin, baseline.pid, bare, connections, seconds);
      const ratio = product.result.perSecond / plain.result.perSecond;
      const load1 = loadavg()
        .map((n) => n.toFixed(1))
        .join(' ');
      const measured = `server ${describe(product)}; baseline ${describe(plain)}; ratio ${ratio.toFixed(2)}; load average ${load1}`;
      const failed = product.result.failed + plain.result.failed;
      if (connections === 20) {
        verdicts.push({
          name: 'POST /api/order on PostgreSQL, 20 clients, against node:http + pg writing the same rows',
          budget: 'ratio ≥ 0.70, p99 ≤ 50 ms, server CPU ≤ 2 ms/order',
          measured,
          ok: ratio >= 0.7 && product.result.p99 <= 50 && product.cpuPerOrder <= 2 && failed === 0,
        });
      } else {
        verdicts.push({
          name: `POST /api/order on PostgreSQL, ${connections} client${connections > 1 ? 's' : ''} (for comparison)`,
          budget: 'none',
          measured,
          ok: failed === 0,
        });
      }
    }
  } finally {
    await baseline.close();
  }
  return verdicts;
}
