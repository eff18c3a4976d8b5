/**
 * DATA_DIR holds the database, uploaded documents, outgoing mail and secrets.json: nobody but
 * the server's user may read it. PGlite creates its files 0666 and folders 0755, so main.ts sets
 * the process umask to 0o077 before anything opens a file, and every start fixes what an older
 * version (or a restore from backup) left open: folders 0700, files 0600.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync, type Stats } from 'node:fs';
import { join } from 'node:path';

/** Only the owner: what new files and folders get once the umask is set. */
export const PRIVATE_UMASK = 0o077;

export class DataDirNotPrivateError extends Error {
  override name = 'DataDirNotPrivateError';
  constructor(
    readonly dataDir: string,
    readonly reason: string,
  ) {
    super(
      `Папку данных ${dataDir} нельзя сделать доступной только серверу: ${reason}. Исправьте владельца или права, или укажите другой DATA_DIR.\n` +
        `The data folder ${dataDir} cannot be made private to the server's user: ${reason}. Fix its owner or modes, or set another DATA_DIR.`,
    );
  }
}

function ownedByUs(stats: Stats): boolean {
  // Windows has no uids; there the folder's ACLs are the operator's business.
  return typeof process.getuid !== 'function' || stats.uid === process.getuid();
}

function makePrivate(path: string, stats: Stats, mode: number, dataDir: string): void {
  if (!ownedByUs(stats)) {
    throw new DataDirNotPrivateError(dataDir, `${path} принадлежит другому пользователю (uid ${stats.uid})`);
  }
  if ((stats.mode & 0o777) === mode) return;
  try {
    chmodSync(path, mode);
  } catch (error) {
    throw new DataDirNotPrivateError(dataDir, `chmod ${path}: ${(error as Error).message}`);
  }
}

/** Folders 0700 and files 0600 all the way down; symbolic links are left alone, never followed. */
function makeTreePrivate(folder: string, dataDir: string): void {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) {
      makePrivate(path, lstatSync(path), 0o700, dataDir);
      makeTreePrivate(path, dataDir);
    } else if (entry.isFile()) {
      makePrivate(path, lstatSync(path), 0o600, dataDir);
    }
  }
}

/**
 * Creates DATA_DIR if needed and makes it and everything in it private; throws
 * DataDirNotPrivateError (the start stops with its message) when that is impossible.
 */
export function ensurePrivateDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new DataDirNotPrivateError(dataDir, (error as Error).message);
  }
  const stats = lstatSync(dataDir);
  makePrivate(dataDir, stats, 0o700, dataDir);
  makeTreePrivate(dataDir, dataDir);
  if (process.platform !== 'win32' && (lstatSync(dataDir).mode & 0o077) !== 0) {
    throw new DataDirNotPrivateError(dataDir, 'права доступа не изменились (файловая система их не хранит?)');
  }
}
