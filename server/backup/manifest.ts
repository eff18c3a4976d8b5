/**
 * manifest.json, the last entry of every archive: which app and schema made it, what the
 * snapshot holds, and each entry's size and sha256. Restore reads it to refuse what this version
 * cannot open: an archive from a newer app, or one whose schema has migrations this code lacks
 * (the version in package.json is not always bumped, the migrations journal always moves).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER } from '../db/migrate';
import { BackupError } from './errors';

export const ARCHIVE_FORMAT = 1;

/** Scheduled archives are pruned; manual ones and the copy made before a restore are kept. */
export type BackupKind = 'scheduled' | 'manual' | 'before-restore';

export interface ArchiveEntry {
  name: string;
  size: number;
  sha256: string;
}

export interface SnapshotCounts {
  orders: number;
  orderLines: number;
  users: number;
  files: number;
}

/** drizzle.__drizzle_migrations of the snapshot: how many ran and the newest one's timestamp. */
export interface MigrationState {
  applied: number;
  last: number | null;
}

export interface BackupManifest {
  format: typeof ARCHIVE_FORMAT;
  app: { name: 'perevod'; version: string };
  kind: BackupKind;
  /** When the snapshot was taken (ISO, UTC). */
  createdAt: string;
  database: {
    driver: 'pglite' | 'postgres';
    entry: string;
    /** PostgreSQL's server_version (PGlite's own for the embedded database). */
    postgresVersion: string;
    migrations: MigrationState;
  };
  counts: SnapshotCounts;
  files: {
    /** Bytes of files rows in the archive, and their total size. */
    stored: number;
    bytes: number;
    /** Storage paths of rows whose bytes were already missing from the live data folder. */
    missing: string[];
    /**
     * Set when the server kept files in object storage (S3_BUCKET): the archive then holds no
     * bytes of files — they stay in this bucket, which its own versioning or replication
     * protects (docs/decisions/0032). Absent: the bytes are in the archive under files/.
     */
    objectStorage?: string;
  };
  secrets: boolean;
  entries: ArchiveEntry[];
}

function versionParts(version: string): number[] {
  return (version.split(/[-+]/)[0] ?? '').split('.').map((part) => Number.parseInt(part, 10) || 0);
}

/** Negative when a < b, 0 when equal, positive when a > b (major.minor.patch; pre-release ignored). */
export function compareVersions(a: string, b: string): number {
  const left = versionParts(a);
  const right = versionParts(b);
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** The newest migration this code has (drizzle's journal `when`, which the database stores). */
export function newestKnownMigration(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * Throws BackupError when this app cannot take the archive: another format, a newer app version,
 * or a schema with migrations this code does not have. An older archive is fine: the next start
 * runs the missing migrations forward.
 */
export function checkRestorable(
  manifest: BackupManifest,
  ours: { version: string; newestMigration: number; driver: 'pglite' | 'postgres' },
): void {
  if (manifest.format !== ARCHIVE_FORMAT || manifest.app?.name !== 'perevod') {
    throw new BackupError('the archive is not a backup of this app, or of an unknown format');
  }
  if (compareVersions(manifest.app.version, ours.version) > 0) {
    throw new BackupError(
      `Архив сделан более новой версией приложения (${manifest.app.version}, у нас ${ours.version}): обновите приложение и повторите.\n` +
        `The archive was made by a newer version of the app (${manifest.app.version}; this is ${ours.version}): upgrade the app first.`,
    );
  }
  const last = manifest.database.migrations.last;
  if (last !== null && last > ours.newestMigration) {
    throw new BackupError(
      `В архиве схема базы новее, чем знает эта версия приложения: обновите приложение и повторите.\n` +
        `The archive's database has schema migrations this version does not know: upgrade the app first.`,
    );
  }
  if (manifest.database.driver !== ours.driver) {
    const from = manifest.database.driver === 'pglite' ? 'the embedded database (PGlite)' : 'PostgreSQL';
    const to = ours.driver === 'pglite' ? 'the embedded database (DATABASE_URL is not set)' : 'PostgreSQL';
    throw new BackupError(
      `Архив сделан с другой базой данных (${manifest.database.driver}), восстановление в ${ours.driver} не поддерживается.\n` +
        `The archive holds ${from}; restoring it into ${to} is not supported.`,
    );
  }
}
