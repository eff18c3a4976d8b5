/**
 * CPU time (user + system) a process and its descendants have used, from /proc: the server's
 * own cost per request, which other processes on a shared machine do not inflate the way they
 * inflate wall-clock latency. Linux only; elsewhere it reports NaN.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

function stat(pid: number): { ppid: number; ticks: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: split after its closing one.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

export function processTreeCpuMs(rootPid: number | undefined): number {
  if (rootPid === undefined) return Number.NaN;
  let pids: number[];
  try {
    pids = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return Number.NaN;
  }
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const pid of pids) {
    const seen = stat(pid);
    if (!seen) continue;
    ticks.set(pid, seen.ticks);
    children.set(seen.ppid, [...(children.get(seen.ppid) ?? []), pid]);
  }
  let total = 0;
  const queue = [rootPid];
  while (queue.length) {
    const pid = queue.pop() as number;
    total += ticks.get(pid) ?? 0;
    queue.push(...(children.get(pid) ?? []));
  }
  return (total * 1000) / TICKS_PER_SECOND;
}
