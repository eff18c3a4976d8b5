/**
 * One server process per embedded data folder: two PGlite processes on one folder corrupted it
 * (architecture.md). The lock is a file created with O_EXCL holding the owner's pid; a lock left
 * by a process that no longer runs (kill -9, power loss) is taken over.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
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

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else — still a live owner.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // After a container restart a stale pid may belong to an unrelated process; only node counts.
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true;
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  const path = join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o644);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          try {
            if (readFileSync(path, 'utf8').trim() === String(process.pid)) unlinkSync(path);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner = Number.NaN;
    try {
      owner = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    } catch {
      continue; // Removed between our open and read: try again.
    }
    if (owner === process.pid || isRunning(owner)) throw new DataDirLockedError(dataDir, owner);
    try {
      unlinkSync(path); // Stale: its owner is gone.
    } catch {
      // Another starter removed it first; the next attempt decides.
    }
  }
  throw new DataDirLockedError(dataDir, Number.NaN);
}
