/**
 * Restore on PostgreSQL: pg_restore of the archive's pg_dump into the DATABASE_URL database, in
 * one transaction, and the files into DATA_DIR/files. It refuses a database that has tables, or
 * other sessions (a server still running), unless --force; with --force the current database is
 * first backed up like any other (a `-before-restore` archive in BACKUP_DIR), then its schemas
 * (public, drizzle, pgboss) are dropped, so nothing newer lingers beside the restored ones.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { ServerConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { rowsOf } from '../db/rows';
import { runBackup } from './backup';
import { readSnapshotContents } from './database-snapshot';
import { BackupError } from './errors';
import { runPostgresTool } from './postgres-tools';
import {
  checkCounts,
  placeRestoredFiles,
  type RestoreReport,
  swapIntoDataDir,
  unpackArchive,
} from './restore-steps';

const SCHEMAS = ['pgboss', 'drizzle', 'public'];

const rawRows = (database: DatabaseHandle, text: string) =>
  rowsOf<Record<string, unknown>>(database.db, sql.raw(text));

/** Refuses (without --force) a database in use or not empty; with --force, backs it up and empties it. */
async function prepareTarget(
  config: ServerConfig,
  database: DatabaseHandle,
  force: boolean,
): Promise<string | undefined> {
  const [state] = await rawRows(
    database,
    `select (select count(*) from pg_stat_activity
               where datname = current_database() and pid <> pg_backend_pid())::int as sessions,
            (select count(*) from pg_tables where schemaname in ('public', 'drizzle', 'pgboss'))::int as tables`,
  );
  const sessions = Number(state?.sessions ?? 0);
  const tables = Number(state?.tables ?? 0);
  if (sessions > 0 && !force) {
    throw new BackupError(
      `С базой данных работают другие подключения (${sessions}): остановите серверы приложения перед восстановлением, или добавьте --force.\n` +
        `The database has ${sessions} other session(s): stop the app's servers before restoring, or add --force.`,
    );
  }
  if (tables === 0) return undefined;
  if (!force) {
    throw new BackupError(
      `База данных не пуста (${tables} таблиц). Восстановите в пустую базу или добавьте --force: текущая база будет сначала сохранена в BACKUP_DIR, затем заменена.\n` +
        `The database is not empty (${tables} tables). Restore into an empty database, or add --force: the current database is backed up into BACKUP_DIR first, then replaced.`,
    );
  }
  const safety = await runBackup({ config, database }, 'before-restore');
  if (safety.status !== 'ok') {
    throw new BackupError(
      `the current database could not be backed up before the restore (${safety.error}); nothing was replaced`,
    );
  }
  for (const schema of SCHEMAS) await rawRows(database, `drop schema if exists ${schema} cascade`);
  await rawRows(database, 'create schema public');
  return safety.archive ?? undefined;
}

export async function restorePostgres(
  config: ServerConfig,
  archive: string,
  options: { force: boolean },
): Promise<RestoreReport> {
  const url = config.databaseUrl;
  if (!url) throw new Error('restorePostgres needs DATABASE_URL');
  const { staging, manifest } = await unpackArchive(config.dataDir, archive, 'postgres');
  const database = await openDatabase({ url }, { connectTimeoutMs: config.database.connectTimeoutMs });
  try {
    const safetyBackup = await prepareTarget(config, database, options.force);
    await runPostgresTool('pg_restore', url, [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      join(staging, manifest.database.entry),
    ]);
    const restored = await readSnapshotContents((text) => rawRows(database, text));
    checkCounts(manifest, restored);
    const { swapFiles, ...files } = await placeRestoredFiles(
      config,
      staging,
      manifest,
      restored.storagePaths,
    );
    const names = [...(swapFiles ? ['files'] : []), ...(manifest.secrets ? ['secrets.json'] : [])];
    const movedAside = await swapIntoDataDir(config.dataDir, staging, names, archive);
    return { archive, manifest, counts: restored.counts, ...files, movedAside, safetyBackup };
  } finally {
    await database.close();
    await rm(staging, { recursive: true, force: true });
  }
}
