/**
 * Restore of the embedded database. It takes the data-folder lock for its whole run, so it
 * refuses while a server owns DATA_DIR and no server can start halfway through. The archive's
 * data folder is unpacked beside the current one, opened with PGlite, counted and closed; only
 * then is the current data moved aside and the restored put in place.
 */
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServerConfig } from '../config';
import { DataDirLockedError, lockDataDir } from '../db/lock';
import { PGlite, pgliteOptions } from '../db/pglite-database';
import { readSnapshotContents, type SnapshotContents } from './database-snapshot';
import { BackupError } from './errors';
import {
  checkCounts,
  placeRestoredFiles,
  type RestoreReport,
  swapIntoDataDir,
  unpackArchive,
} from './restore-steps';

function lockOrRefuse(dataDir: string) {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new BackupError(
      `Сервер работает с папкой данных ${dataDir} (pid ${error.ownerPid}): остановите его перед восстановлением.\n` +
        `A server (pid ${error.ownerPid}) is using the data folder ${dataDir}: stop it before restoring.`,
    );
  }
}

async function openRestored(folder: string, postgresVersion: string): Promise<SnapshotContents> {
  let pglite: PGlite;
  try {
    pglite = new PGlite(pgliteOptions({ dataDir: folder }));
    await pglite.waitReady;
  } catch (error) {
    throw new BackupError(
      `the archive's database (PostgreSQL ${postgresVersion}) does not open in this version's PGlite: ${
        error instanceof Error ? error.message : String(error)
      }`,
    );
  }
  try {
    const contents = await readSnapshotContents(
      async (text) => (await pglite.query<Record<string, unknown>>(text)).rows,
    );
    await pglite.exec('CHECKPOINT');
    return contents;
  } finally {
    await pglite.close();
  }
}

export async function restorePglite(config: ServerConfig, archive: string): Promise<RestoreReport> {
  const lock = lockOrRefuse(config.dataDir);
  try {
    const { staging, manifest } = await unpackArchive(config.dataDir, archive, 'pglite');
    try {
      await rename(join(staging, manifest.database.entry), join(staging, 'pglite'));
      const restored = await openRestored(join(staging, 'pglite'), manifest.database.postgresVersion);
      checkCounts(manifest, restored);
      const { swapFiles, ...files } = await placeRestoredFiles(
        config,
        staging,
        manifest,
        restored.storagePaths,
      );
      const names = [
        'pglite',
        ...(swapFiles ? ['files'] : []),
        ...(manifest.secrets ? ['secrets.json'] : []),
      ];
      const movedAside = await swapIntoDataDir(config.dataDir, staging, names, archive);
      return {
        archive,
        manifest,
        counts: restored.counts,
        ...files,
        movedAside,
        safetyBackup: undefined,
      };
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  } finally {
    lock.release();
  }
}
