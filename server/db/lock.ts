/**
 * One server process per embedded data folder: two PGlite processes on one folder corrupted it
 * (architecture.md). The lock file names its owner by pid AND process start time (field 22 of
 * /proc/<pid>/stat on Linux), because a pid alone lies: a container restarted after kill -9
 * often gets the very same pid, and then a pid-only lock looked held by ourselves forever.
 *
 * Creating the lock is atomic: the record is written to a temporary file and hard-linked to
 * server.lock (link fails if it exists), so nobody ever reads a half-written lock. Taking over a
 * stale lock is atomic too: the taker first creates, by the same link, a marker named after the exact
 * stale record, re-reads the lock under it and only then renames its own record over it. Two
 * starters racing for one stale lock cannot both create that marker; a late one finds a live lock.
 */
import { createHash, randomUUID } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `Папка данных ${dataDir} уже используется другим процессом сервера (pid ${ownerPid}). Остановите его или укажите другой DATA_DIR.\n` +
        `The data folder ${dataDir} is already used by another server process (pid ${ownerPid}). Stop it or set another DATA_DIR.`,
    );
  }
}

export interface DataDirLock {
  path: string;
  release(): void;
}

/** Who holds a lock or a takeover marker. `start` is absent where /proc is not (pid only). */
export interface LockOwner {
  pid: number;
  start?: string;
  /** Makes every record unique, so a marker named after one never matches a later one. */
  nonce?: string;
}

/** Field 22 (starttime, clock ticks since boot) of /proc/<pid>/stat; undefined off Linux. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19];
  } catch {
    return undefined;
  }
}

/** Reads a record: JSON from this version, a bare pid from older ones. */
export function parseOwner(text: string): LockOwner | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const value = JSON.parse(trimmed) as LockOwner;
    return Number.isInteger(value.pid) ? value : undefined;
  } catch {
    return undefined;
  }
}

function pidExists(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else — still a live owner.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Is the owner recorded in a lock still the process running under that pid? */
export function isOwnerAlive(owner: LockOwner): boolean {
  if (!pidExists(owner.pid)) return false;
  const start = processStartTime(owner.pid);
  if (owner.start !== undefined && start !== undefined) return owner.start === start;
  // Our own pid in a record without a start time: an older version's lock from before a
  // restart, since this process writes its start time wherever /proc exists.
  if (owner.pid === process.pid) return start === undefined;
  return true;
}

function currentOwner(): LockOwner {
  return { pid: process.pid, start: processStartTime(process.pid), nonce: randomUUID() };
}

function readOwnerText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const shortHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/**
 * Creates `path` holding `text` only if it does not exist yet; false if it does. The text is
 * written to a temporary file first and hard-linked into place, so the file never exists empty:
 * with open(O_EXCL) then write, a rival reading between the two saw an empty marker, took it for a
 * dead taker's and claimed the next marker in the chain, and two starters both won (seen under
 * load).
 */
function createExclusive(path: string, text: string): boolean {
  const temporary = `${path}.${process.pid}.${randomUUID()}`;
  writeFileSync(temporary, text, { mode: 0o600 });
  try {
    linkSync(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    removeQuietly(temporary);
  }
}

/**
 * Claims the right to replace the stale record `staleText`: a marker per stale record, and when
 * a taker died holding the marker, the next marker in a chain named after the dead one.
 * Returns the marker path, or undefined when a live process is taking over right now.
 */
function claimTakeover(lockPath: string, staleText: string, ownerText: string): string | undefined {
  let marker = `${lockPath}.takeover-${shortHash(staleText)}`;
  for (let depth = 0; depth < 8; depth++) {
    if (createExclusive(marker, ownerText)) return marker;
    const holderText = readOwnerText(marker);
    if (holderText === undefined) continue; // The taker finished and removed it: look again.
    const holder = parseOwner(holderText);
    if (holder && isOwnerAlive(holder)) return undefined;
    marker = `${marker}-${shortHash(holderText)}`;
  }
  return undefined;
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  const path = join(dataDir, 'server.lock');
  const ownerText = JSON.stringify(currentOwner());
  const temporary = `${path}.${process.pid}.${randomUUID()}`;
  writeFileSync(temporary, ownerText, { mode: 0o600 });
  let lastOwner = Number.NaN;
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(temporary, path);
        return heldLock(path, ownerText);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const staleText = readOwnerText(path);
      if (staleText === undefined) continue; // Released meanwhile: try to create it again.
      const owner = parseOwner(staleText);
      lastOwner = owner?.pid ?? Number.NaN;
      if (owner && isOwnerAlive(owner)) throw new DataDirLockedError(dataDir, owner.pid);
      const marker = claimTakeover(path, staleText, ownerText);
      if (marker === undefined) continue;
      try {
        // Under the marker, the lock is still the stale record or another starter won first.
        if (readOwnerText(path) === staleText) {
          renameSync(temporary, path);
          return heldLock(path, ownerText);
        }
      } finally {
        removeQuietly(marker);
      }
    }
    throw new DataDirLockedError(dataDir, lastOwner);
  } finally {
    removeQuietly(temporary);
  }
}

function heldLock(path: string, ownerText: string): DataDirLock {
  let released = false;
  return {
    path,
    release() {
      if (released) return;
      released = true;
      // Only our own record: never remove a lock someone took over from us.
      if (readOwnerText(path) === ownerText) removeQuietly(path);
    },
  };
}
