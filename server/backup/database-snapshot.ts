/**
 * What a snapshot of either database gives the archive: the database itself, what it holds (for
 * the manifest and the log), and the pinned bytes of its files rows. Every number here is read
 * inside the snapshot, so the manifest describes exactly what a restore brings back.
 */
import type { ArchiveSource } from './archive';
import type { MigrationState, SnapshotCounts } from './manifest';
import type { StagedFiles } from './staged-files';

export interface DatabaseSnapshot {
  driver: 'pglite' | 'postgres';
  /**
   * Its entries in the archive: database/pglite/… (PGlite's data folder) or
   * database/postgres.dump (pg_dump -Fc); `entry` is the one the manifest names.
   */
  database: { entry: string; sources: ArchiveSource[] };
  postgresVersion: string;
  migrations: MigrationState;
  counts: SnapshotCounts;
  staged: StagedFiles;
  takenAt: Date;
  /** How long the server's own queries waited for the snapshot (PGlite); 0 on PostgreSQL. */
  heldMs: number;
}

/** One statement in the snapshot's transaction; rows as plain objects. */
export type SnapshotQuery = (text: string) => Promise<Record<string, unknown>[]>;

export interface SnapshotContents {
  postgresVersion: string;
  migrations: MigrationState;
  counts: SnapshotCounts;
  storagePaths: string[];
}

/** Reads, in the caller's snapshot, what the manifest says and which files rows need bytes. */
export async function readSnapshotContents(query: SnapshotQuery): Promise<SnapshotContents> {
  const [counts] = await query(
    `select (select count(*) from orders)::int as orders,
       (select count(*) from order_documents)::int as "orderLines",
       (select count(*) from users)::int as users,
       (select count(*) from files)::int as files,
       current_setting('server_version') as "postgresVersion"`,
  );
  const [migrations] = await query(
    'select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  const paths = await query('select storage_path from files');
  return {
    postgresVersion: String(counts?.postgresVersion ?? ''),
    counts: {
      orders: Number(counts?.orders ?? 0),
      orderLines: Number(counts?.orderLines ?? 0),
      users: Number(counts?.users ?? 0),
      files: Number(counts?.files ?? 0),
    },
    migrations: {
      applied: Number(migrations?.applied ?? 0),
      last: migrations?.last == null ? null : Number(migrations.last),
    },
    storagePaths: paths.map((row) => String(row.storage_path)),
  };
}
