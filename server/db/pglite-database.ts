/**
 * The embedded database: PGlite in a folder, or in memory for tests, behind the same
 * DatabaseHandle as PostgreSQL. Imported by openDatabase only when it is asked for PGlite.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Database, DatabaseHandle } from './handle';
import { statementClient } from './pglite-statements';
import * as schema from './schema';

/**
 * Extensions the migrations create. PGlite ships them as separate bundles that must be given at
 * every open, also of an existing folder or dump: a table indexed by trigrams cannot be read
 * without pg_trgm loaded. PostgreSQL has them in contrib.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

export { PGlite };

export async function openPglite(target: { pgliteDir: string } | { memory: true }): Promise<DatabaseHandle> {
  if ('pgliteDir' in target) mkdirSync(target.pgliteDir, { recursive: true });
  // One options object: PGlite(undefined, options) drops the options.
  const pglite = new PGlite({
    dataDir: 'pgliteDir' in target ? target.pgliteDir : undefined,
    extensions: PGLITE_EXTENSIONS,
  });
  await pglite.waitReady;
  return wrapPglite(pglite);
}

/** A handle over an already open PGlite (tests load one from a dump). */
export function wrapPglite(pglite: PGlite): DatabaseHandle {
  const statements = statementClient(pglite);
  const db = drizzlePglite(statements as unknown as PGlite, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    pglite,
    statements,
    url: undefined,
    newPool: undefined,
    ping: async () => {
      await pglite.query('select 1');
    },
    exclusively: (work) => work(),
    checkpoint: async () => {
      if (!pglite.closed) await pglite.exec('CHECKPOINT');
    },
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}
