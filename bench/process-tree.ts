/**
 * What a process and its descendants use, from /proc: CPU time (user + system), the server's own
 * cost per request, which other processes on a shared machine do not inflate the way they inflate
 * wall-clock latency; and resident memory (RSS), the figure a small server's RAM must hold.
 * Linux only; elsewhere both report NaN.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

interface ProcessStat {
  ppid: number;
  ticks: number;
  /** Resident pages (field 24 of /proc/<pid>/stat). */
  rssPages: number;
}

function stat(pid: number): ProcessStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: split after its closing one.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(fields[1]),
      ticks: Number(fields[11]) + Number(fields[12]),
      rssPages: Number(fields[21]),
    };
  } catch {
    return undefined;
  }
}

/** Every process of the tree under `rootPid` (itself included) with its figures. */
function tree(rootPid: number): ProcessStat[] | undefined {
  let pids: number[];
  try {
    pids = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return undefined;
  }
  const children = new Map<number, number[]>();
  const stats = new Map<number, ProcessStat>();
  for (const pid of pids) {
    const seen = stat(pid);
    if (!seen) continue;
    stats.set(pid, seen);
    children.set(seen.ppid, [...(children.get(seen.ppid) ?? []), pid]);
  }
  const found: ProcessStat[] = [];
  const queue = [rootPid];
  while (queue.length) {
    const pid = queue.pop() as number;
    const seen = stats.get(pid);
    if (seen) found.push(seen);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

export function processTreeCpuMs(rootPid: number | undefined): number {
  const processes = rootPid === undefined ? undefined : tree(rootPid);
  if (!processes) return Number.NaN;
  return (processes.reduce((sum, p) => sum + p.ticks, 0) * 1000) / TICKS_PER_SECOND;
}

/** Resident memory of the whole tree in MB (pages of 4 kB; shared pages count in each process). */
export function processTreeRssMb(rootPid: number | undefined): number {
  const processes = rootPid === undefined ? undefined : tree(rootPid);
  if (!processes || processes.length === 0) return Number.NaN;
  return (processes.reduce((sum, p) => sum + p.rssPages, 0) * 4096) / 1024 / 1024;
}

/** Runs `work` while sampling the tree's RSS every `everyMs`; its result and the highest sample. */
export async function peakRssDuring<T>(
  rootPid: number | undefined,
  work: () => Promise<T>,
  everyMs = 200,
): Promise<{ result: T; peakMb: number }> {
  let peakMb = processTreeRssMb(rootPid);
  const timer = setInterval(() => {
    const now = processTreeRssMb(rootPid);
    if (now > peakMb) peakMb = now;
  }, everyMs);
  try {
    const result = await work();
    return { result, peakMb: Math.max(peakMb, processTreeRssMb(rootPid)) };
  } finally {
    clearInterval(timer);
  }
}
