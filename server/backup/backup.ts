/**
 * Takes one backup: a snapshot of the database in use with the bytes of its files rows (unless
 * they are in object storage: then the manifest names the bucket that keeps them), written
 * as one archive with its .sha256 into BACKUP_DIR; then the retention (scheduled archives only),
 * the log line and the record in the `backups.history` setting. The same path serves the
 * scheduled job, `npm run backup` (through the running server or on its own) and the copy a
 * restore makes first. Backups in one process run one at a time.
 */
import { readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { ServerConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { briefError } from '../logger';
import { describeBucket } from '../storage/bucket';
import { SERVER_VERSION } from '../version';
import { type ArchiveSource, writeArchive } from './archive';
import { archiveName } from './archive-name';
import type { DatabaseSnapshot } from './database-snapshot';
import { type BackupResult, recordBackup } from './history';
import { ARCHIVE_FORMAT, type BackupKind } from './manifest';
import { snapshotPglite } from './pglite-snapshot';
import { snapshotPostgres } from './postgres-snapshot';
import { pruneArchives, removeStalePartials } from './retention';
import { newStagingFolder, removeStaleStaging } from './staged-files';

export interface BackupTarget {
  config: Pick<ServerConfig, 'dataDir' | 'backup' | 'storage'>;
  database: DatabaseHandle;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** A name nobody has used: two backups in one second (a manual one and the schedule) both stay. */
async function freshArchivePath(dir: string, at: Date, kind: BackupKind): Promise<string> {
  for (let shift = 0; ; shift++) {
    const path = join(dir, archiveName(new Date(at.getTime() + shift * 1000), SERVER_VERSION, kind));
    if (!(await exists(path)) && !(await exists(`${path}.partial`))) return path;
  }
}

/** The bucket that keeps the files when they are in object storage; the archive then has none. */
function objectStorageOf(config: BackupTarget['config']): string | undefined {
  return config.storage.kind === 's3' ? describeBucket(config.storage) : undefined;
}

function snapshotOf(target: BackupTarget, staging: string): Promise<DatabaseSnapshot> {
  const { database, config } = target;
  const withFiles = config.storage.kind === 'local';
  if (database.driver === 'postgres') return snapshotPostgres(database, config.dataDir, staging, withFiles);
  if (!database.pglite) throw new Error('a PGlite handle without its PGlite');
  return snapshotPglite(database.pglite, config.dataDir, staging, withFiles);
}

async function secretsSource(dataDir: string): Promise<ArchiveSource[]> {
  try {
    return [{ name: 'secrets.json', bytes: await readFile(join(dataDir, 'secrets.json')) }];
  } catch {
    return [];
  }
}

async function takeBackup(target: BackupTarget, kind: BackupKind): Promise<BackupResult> {
  const { config } = target;
  const startedAt = new Date();
  const started = performance.now();
  const result: BackupResult = {
    status: 'failed',
    kind,
    startedAt: startedAt.toISOString(),
    durationMs: 0,
    heldMs: 0,
    archive: null,
    bytes: 0,
    sha256: null,
    counts: null,
    files: null,
    pruned: [],
    error: null,
  };
  let staging: string | undefined;
  let failure: unknown;
  try {
    await removeStaleStaging(config.dataDir);
    await removeStalePartials(config.backup.dir);
    staging = await newStagingFolder(config.dataDir);
    const snapshot = await snapshotOf(target, staging);
    result.heldMs = Math.round(snapshot.heldMs);
    result.counts = snapshot.counts;
    const { files, missing } = snapshot.staged;
    const fileBytes = files.reduce((sum, file) => sum + file.size, 0);
    const objectStorage = objectStorageOf(config);
    result.files = {
      stored: files.length,
      bytes: fileBytes,
      missing: missing.length,
      ...(objectStorage ? { objectStorage } : {}),
    };
    const secrets = await secretsSource(config.dataDir);
    const path = await freshArchivePath(config.backup.dir, snapshot.takenAt, kind);
    const sources: ArchiveSource[] = [
      ...snapshot.database.sources,
      ...files.map((file) => ({ name: `files/${file.storagePath}`, path: file.path, size: file.size })),
      ...secrets,
    ];
    const written = await writeArchive(path, sources, {
      format: ARCHIVE_FORMAT,
      app: { name: 'perevod', version: SERVER_VERSION },
      kind,
      createdAt: snapshot.takenAt.toISOString(),
      database: {
        driver: snapshot.driver,
        entry: snapshot.database.entry,
        postgresVersion: snapshot.postgresVersion,
        migrations: snapshot.migrations,
      },
      counts: snapshot.counts,
      files: { stored: files.length, bytes: fileBytes, missing, ...(objectStorage ? { objectStorage } : {}) },
      secrets: secrets.length > 0,
    });
    Object.assign(result, {
      status: 'ok',
      archive: written.path,
      bytes: written.bytes,
      sha256: written.sha256,
    });
    if (missing.length > 0) {
      target.logger?.warn(
        { missing: missing.slice(0, 20), count: missing.length },
        'Резервная копия: у части файлов нет содержимого в папке данных',
      );
    }
    if (kind === 'scheduled') result.pruned = await pruneArchives(config.backup.dir, config.backup);
  } catch (error) {
    failure = error;
    result.error = error instanceof Error ? error.message : String(error);
  } finally {
    if (staging) await rm(staging, { recursive: true, force: true }).catch(() => {});
  }
  result.durationMs = Math.round(performance.now() - started);
  if (result.status === 'ok')
    target.logger?.info({ backup: result }, `Резервная копия создана: ${result.archive}`);
  else target.logger?.error({ err: failure, backup: result }, 'Резервная копия не создана');
  try {
    await recordBackup(target.database.db, result);
  } catch (error) {
    target.logger?.warn({ ...briefError(error) }, 'Итог резервной копии не записан в базу');
  }
  return result;
}

let queue: Promise<unknown> = Promise.resolve();

/** Takes a backup after any other of this process; never throws: the result says how it went. */
export function runBackup(target: BackupTarget, kind: BackupKind): Promise<BackupResult> {
  const next = queue.then(() => takeBackup(target, kind));
  queue = next.catch(() => {});
  return next;
}
