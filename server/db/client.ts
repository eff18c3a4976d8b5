/**
 * Opens the database: embedded PGlite (a folder, or memory for tests) or PostgreSQL through a
 * node-postgres pool. The rest of the server sees one Drizzle API either way (`Database`).
 *
 * PGlite is a single connection. Inside `db.transaction(tx => …)` use only `tx`: a query on the
 * root `db` waits for the transaction to end, and the transaction waits for it — a deadlock.
 */
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { Logger } from 'pino';
import type { Database, DatabaseHandle, DatabaseTarget } from './handle';
import { createPostgresPool } from './postgres-pool';
import * as schema from './schema';

export type { Database, DatabaseHandle, DatabaseTarget, Schema } from './handle';

/** pg_advisory_lock key of the start's migrations and seed. */
const START_LOCK = 7_310_041;

export interface PostgresOptions {
  /** Bounds a request's wait for a connection while PostgreSQL is away (it then answers 503). */
  connectTimeoutMs?: number;
  logger?: Pick<Logger, 'warn'>;
}

export async function openDatabase(
  target: DatabaseTarget,
  options: PostgresOptions = {},
): Promise<DatabaseHandle> {
  if ('url' in target) return openPostgres(target.url, options);
  // PGlite (a WebAssembly PostgreSQL, 0.4 s to load) only where it is used: a server on
  // PostgreSQL never loads it.
  const { openPglite } = await import('./pglite-database');
  return openPglite(target);
}

function openPostgres(url: string, { connectTimeoutMs = 5_000, logger }: PostgresOptions): DatabaseHandle {
  const newPool = (name: string, max: number) =>
    createPostgresPool(url, { name, max, connectTimeoutMs, logger });
  const pool = newPool('app', 10);
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    driver: 'postgres',
    pglite: undefined,
    statements: undefined,
    url,
    newPool,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    async exclusively(work) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [START_LOCK]);
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [START_LOCK]).catch(() => {});
        client.release();
      }
    },
    checkpoint: async () => {},
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
