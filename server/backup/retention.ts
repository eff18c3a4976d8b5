/**
 * Which scheduled archives to keep, as restic's `--keep-daily N --keep-weekly M` counts them:
 * the newest archive of each of the last N days that have one, and the newest of each of the last
 * M ISO weeks that have one (days and weeks in UTC). The two sets overlap; everything else
 * scheduled goes, with its .sha256. Manual and before-restore archives are the operator's and are
 * never removed here.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type ParsedArchiveName, parseArchiveName } from './archive-name';

export interface Retention {
  keepDaily: number;
  keepWeekly: number;
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** ISO 8601 week, e.g. 2026-W48: weeks start on Monday, week 1 holds the year's first Thursday. */
export function isoWeekOf(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The newest archive of each of the first `limit` distinct periods, newest first. */
function newestPerPeriod(
  archives: ParsedArchiveName[],
  periodOf: (at: Date) => string,
  limit: number,
): string[] {
  const kept: string[] = [];
  const periods = new Set<string>();
  for (const archive of archives) {
    const period = periodOf(archive.at);
    if (periods.has(period)) continue;
    if (periods.size >= limit) break;
    periods.add(period);
    kept.push(archive.name);
  }
  return kept;
}

/** Names of scheduled archives the retention does not keep. */
export function archivesToPrune(names: string[], retention: Retention): string[] {
  const scheduled = names
    .map(parseArchiveName)
    .filter((archive): archive is ParsedArchiveName => archive?.kind === 'scheduled')
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const keep = new Set([
    ...newestPerPeriod(scheduled, dayOf, retention.keepDaily),
    ...newestPerPeriod(scheduled, isoWeekOf, retention.keepWeekly),
  ]);
  return scheduled.filter((archive) => !keep.has(archive.name)).map((archive) => archive.name);
}

/** Removes what the retention does not keep from `dir`; returns the names removed. */
export async function pruneArchives(dir: string, retention: Retention): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const pruned = archivesToPrune(names, retention);
  for (const name of pruned) {
    await rm(join(dir, name), { force: true });
    await rm(join(dir, `${name}.sha256`), { force: true });
  }
  return pruned;
}

/** `.partial` archives a crashed backup left, a day or more old (a running one is younger). */
export async function removeStalePartials(dir: string, now = Date.now()): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((entry) => entry.endsWith('.tar.gz.partial'))) {
    const info = await stat(join(dir, name)).catch(() => undefined);
    if (info && now - info.mtimeMs > 24 * 60 * 60 * 1000) await rm(join(dir, name), { force: true });
  }
}
