/**
 * The server's memory, the figure a small machine's RAM must hold: resident memory (RSS) of the
 * server's whole process tree (bench/process-tree.ts), as `npm start` runs it (compiled, plain
 * node), on a fresh data folder with the demo data.
 * - Idle: 60 s after the server answered its first health check, nothing asked of it meanwhile.
 * - Peak during a 20-client order load, and during a backup taken through the running server
 *   (what `npm run backup` and the nightly job do), sampled every 200 ms.
 * On PostgreSQL the idle figure alone has a budget; the database's own processes are not the
 * server's and are not counted.
 */
import { loadavg } from 'node:os';
import type { AppServer } from '../scripts/app-server.mjs';
import { askServer } from '../server/backup/control-socket';
import { type LoadRequest, load } from './load';
import { peakRssDuring, processTreeRssMb } from './process-tree';

export interface MemoryVerdict {
  name: string;
  budget: string;
  measured: string;
  ok: boolean;
}

/** How long after start the idle figure is read. */
export const IDLE_AFTER_MS = 60_000;
export const BUDGET_MB = { embeddedIdle: 350, embeddedPeak: 600, postgresIdle: 200 } as const;

const mb = (value: number) => `${Math.round(value)} MB`;
const load1 = () => loadavg()[0]?.toFixed(1);

/** RSS once the server has idled for IDLE_AFTER_MS since `readyAt` (waits for that moment). */
export async function idleRssMb(server: AppServer, readyAt: number): Promise<number> {
  const wait = readyAt + IDLE_AFTER_MS - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return processTreeRssMb(server.pid);
}

export function idleVerdict(database: string, idle: number, budgetMb: number): MemoryVerdict {
  return {
    name: `Server memory idle, ${database}: RSS of the process tree ${IDLE_AFTER_MS / 1000} s after start`,
    budget: `≤ ${budgetMb} MB`,
    measured: `${mb(idle)}; load average ${load1()}`,
    ok: idle <= budgetMb,
  };
}

/** On the embedded database: idle, then the peaks of an order load and of a backup. */
export async function benchMemoryEmbedded(
  server: AppServer,
  readyAt: number,
  orders: LoadRequest,
  seconds: number,
): Promise<MemoryVerdict[]> {
  const idle = await idleRssMb(server, readyAt);
  const verdicts = [idleVerdict('embedded database', idle, BUDGET_MB.embeddedIdle)];

  // A short warm-up first, as the order figures have (the first orders after a start compile
  // their code paths and statements); it counts for the peak too.
  const loaded = await peakRssDuring(server.pid, async () => {
    await load(server.url, orders, { connections: 10, seconds: 2 });
    return load(server.url, orders, { connections: 20, seconds });
  });
  verdicts.push({
    name: 'Server memory at peak, embedded database: during 20 clients placing orders',
    budget: `≤ ${BUDGET_MB.embeddedPeak} MB`,
    measured: `${mb(loaded.peakMb)} (${loaded.result.requests} orders in ${seconds} s, ${loaded.result.failed} failed; idle before ${mb(idle)}); load average ${load1()}`,
    ok: loaded.peakMb <= BUDGET_MB.embeddedPeak && loaded.result.requests > 0,
  });

  const backup = await peakRssDuring(server.pid, () => askServer(server.dataDir, { command: 'backup' }));
  const result = backup.result?.ok ? backup.result.result : undefined;
  const what =
    result?.status === 'ok'
      ? `archive ${(result.bytes / 1024 / 1024).toFixed(1)} MB of ${result.counts?.orders} orders in ${(result.durationMs / 1000).toFixed(1)} s`
      : `no backup: ${backup.result ? (backup.result.ok ? backup.result.result.error : backup.result.error) : 'the server did not answer'}`;
  verdicts.push({
    name: 'Server memory at peak, embedded database: during a backup through the running server',
    budget: `≤ ${BUDGET_MB.embeddedPeak} MB`,
    measured: `${mb(backup.peakMb)} (${what}; after it ${mb(processTreeRssMb(server.pid))}); load average ${load1()}`,
    ok: backup.peakMb <= BUDGET_MB.embeddedPeak && result?.status === 'ok',
  });
  return verdicts;
}
