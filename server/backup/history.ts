/**
 * The outcome of every backup (scheduled, from the command, or before a restore), newest first,
 * in the `backups.history` setting: a JSON array of the last 50 results. One row in a table that
 * exists already, shared by every server process on PostgreSQL, readable by a future monitoring
 * screen with one query; pg-boss's own job records are archived and deleted after days, and a
 * backup taken by `npm run backup` without a server is no job at all.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import type { BackupKind, SnapshotCounts } from './manifest';

export const BACKUP_HISTORY_KEY = 'backups.history';
const KEPT = 50;

export interface BackupResult {
  status: 'ok' | 'failed';
  kind: BackupKind;
  /** When the backup started (ISO, UTC). */
  startedAt: string;
  durationMs: number;
  /** How long the server's queries waited for the snapshot (PGlite; 0 on PostgreSQL). */
  heldMs: number;
  /** The archive's full path, its size in bytes and SHA-256; null when it failed. */
  archive: string | null;
  bytes: number;
  sha256: string | null;
  counts: SnapshotCounts | null;
  /** objectStorage: files are kept in that bucket, not in the archive (manifest.ts). */
  files: { stored: number; bytes: number; missing: number; objectStorage?: string } | null;
  /** Scheduled archives removed by the retention after this one. */
  pruned: string[];
  error: string | null;
}

export async function recordBackup(db: Database, result: BackupResult): Promise<void> {
  const entry = JSON.stringify(result);
  await db.execute(sql`
    insert into settings (key, value, updated_at)
    values (${BACKUP_HISTORY_KEY}, jsonb_build_array(${entry}::jsonb), now())
    on conflict (key) do update
      set value = jsonb_path_query_array(jsonb_build_array(${entry}::jsonb) || settings.value, ${`$[0 to ${KEPT - 1}]`}::jsonpath),
          updated_at = now()`);
}

export async function backupHistory(db: Database): Promise<BackupResult[]> {
  const rows = await rowsOf<{ value: BackupResult[] }>(
    db,
    sql`select value from settings where key = ${BACKUP_HISTORY_KEY}`,
  );
  return rows[0]?.value ?? [];
}
