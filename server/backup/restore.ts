/**
 * `npm run restore -- ARCHIVE`: puts a backup back. Nothing current is deleted: what the archive
 * replaces in DATA_DIR (pglite/, files/ unless files live in object storage — restore-steps.ts
 * placeRestoredFiles —, and secrets.json when the archive has one) is moved into
 * DATA_DIR/before-restore-<time>/ first. Before anything moves, the archive's .sha256 and every
 * entry are checked, the app version and schema compared (an older archive is fine, the next
 * start migrates it forward; a newer one is refused), the database opened and counted, and each
 * files row's bytes found. The embedded database: restore-pglite.ts; PostgreSQL: restore-postgres.ts.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ServerConfig } from '../config';
import { restorePglite } from './restore-pglite';
import { restorePostgres } from './restore-postgres';
import type { RestoreReport } from './restore-steps';

export type { RestoreReport };

export interface RestoreOptions {
  /** PostgreSQL: restore into a database that has tables or other sessions (a copy is taken first). */
  force: boolean;
}

export async function restoreArchive(
  config: ServerConfig,
  archive: string,
  options: RestoreOptions,
): Promise<RestoreReport> {
  // Nothing else is touched before the lock is ours: a server may be writing in the folder. The
  // command's umask keeps what it writes private; the next start checks the modes anyway.
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const path = resolve(archive);
  return config.databaseUrl ? restorePostgres(config, path, options) : restorePglite(config, path);
}
