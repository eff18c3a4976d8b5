/**
 * A snapshot of PostgreSQL that never stops a writer: a REPEATABLE READ transaction exports its
 * snapshot (pg_export_snapshot), the counts and files rows are read in it, their bytes pinned,
 * and pg_dump -Fc dumps exactly that snapshot (--snapshot) while the transaction stays open.
 *
 * Files: the server writes bytes before their row commits and removes bytes only after their
 * row's deletion committed. A row of the snapshot whose bytes are gone when we pin them was
 * therefore deleted after the snapshot (its bytes went in the milliseconds between): the
 * snapshot is taken again, up to three times. A row still present without bytes is missing in
 * the live data too; the manifest lists it.
 */
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import type { DatabaseHandle } from '../db/client';
import { type DatabaseSnapshot, readSnapshotContents } from './database-snapshot';
import { runPostgresTool } from './postgres-tools';
import { type StagedFiles, stageStoredFiles } from './staged-files';

export const POSTGRES_ENTRY = 'database/postgres.dump';
const ATTEMPTS = 3;

async function stillPresent(pool: pg.Pool, storagePaths: string[]): Promise<number> {
  const result = await pool.query<{ count: number }>(
    'select count(*)::int as count from files where storage_path = any($1)',
    [storagePaths],
  );
  return result.rows[0]?.count ?? 0;
}

export async function snapshotPostgres(
  database: DatabaseHandle,
  dataDir: string,
  stagingFolder: string,
  /** False when files live in object storage: none of their bytes are pinned. */
  withFiles = true,
): Promise<DatabaseSnapshot> {
  if (!database.url || !database.newPool) throw new Error('snapshotPostgres needs a PostgreSQL handle');
  const pool = database.newPool('backup', 2);
  try {
    for (let attempt = 1; ; attempt++) {
      const client = await pool.connect();
      let staged: StagedFiles | undefined;
      try {
        await client.query('begin isolation level repeatable read read only');
        const exported = await client.query<{ id: string }>('select pg_export_snapshot() as id');
        const takenAt = new Date();
        const contents = await readSnapshotContents(async (text) => (await client.query(text)).rows);
        // A fresh folder for each attempt, so bytes of a discarded attempt never reach the archive.
        const filesFolder = join(stagingFolder, `files-${attempt}`);
        staged = await stageStoredFiles(dataDir, filesFolder, withFiles ? contents.storagePaths : []);
        if (
          staged.missing.length > 0 &&
          attempt < ATTEMPTS &&
          (await stillPresent(pool, staged.missing)) < staged.missing.length
        ) {
          await client.query('rollback');
          await rm(staged.folder, { recursive: true, force: true });
          continue;
        }
        const dumpPath = join(stagingFolder, 'postgres.dump');
        await runPostgresTool('pg_dump', database.url, [
          '--format=custom',
          `--snapshot=${exported.rows[0]?.id}`,
          `--file=${dumpPath}`,
        ]);
        await client.query('commit');
        return {
          driver: 'postgres',
          database: {
            entry: POSTGRES_ENTRY,
            sources: [{ name: POSTGRES_ENTRY, path: dumpPath, size: (await stat(dumpPath)).size }],
          },
          postgresVersion: contents.postgresVersion,
          migrations: contents.migrations,
          counts: contents.counts,
          staged,
          takenAt,
          heldMs: 0,
        };
      } catch (error) {
        await client.query('rollback').catch(() => {});
        if (staged) await rm(staged.folder, { recursive: true, force: true });
        throw error;
      } finally {
        client.release();
      }
    }
  } finally {
    await pool.end();
  }
}
