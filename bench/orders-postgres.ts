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
import { processTreeCpuMs } from './process-tree';

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
  /** Server CPU during the load, per order: the requests' own cost. */
  cpuPerOrder: number;
  /** The same plus the work the orders queued (confirmation mail, push), done after the load. */
  cpuWithQueuedWork: number;
}

/** A process tree that uses less than this per second has done what was queued (idle is ~10 ms). */
const QUIET_CPU_MS_PER_SECOND = 60;
const DRAIN_LIMIT_MS = 60_000;

/**
 * Waits until the server has worked off what the orders queued, up to a minute, and returns the
 * CPU that took. It also keeps one server's backlog from running during the other's measurement.
 */
async function drain(pid: number): Promise<number> {
  const started = processTreeCpuMs(pid);
  const deadline = Date.now() + DRAIN_LIMIT_MS;
  for (;;) {
    const before = processTreeCpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (processTreeCpuMs(pid) - before < QUIET_CPU_MS_PER_SECOND || Date.now() > deadline) break;
  }
  return processTreeCpuMs(pid) - started;
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
  const during = processTreeCpuMs(pid) - before;
  const after = await drain(pid);
  const orders = Math.max(1, result.requests);
  return { result, cpuPerOrder: during / orders, cpuWithQueuedWork: (during + after) / orders };
}

const describe = (m: Measured) =>
  `${Math.round(m.result.perSecond)} orders/s, p50 ${m.result.p50.toFixed(1)} ms, p99 ${m.result.p99.toFixed(1)} ms, CPU ${m.cpuPerOrder.toFixed(2)} ms/order (${m.cpuWithQueuedWork.toFixed(2)} with the work it queued), ${m.result.failed} failed`;

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
    await drain(server.pid);
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
          budget: 'ratio ≥ 0.70, server CPU ≤ 3 ms/order and ≤ 6 ms/order with the work it queued',
          measured,
          ok: ratio >= 0.7 && product.cpuPerOrder <= 3 && product.cpuWithQueuedWork <= 6 && failed === 0,
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
