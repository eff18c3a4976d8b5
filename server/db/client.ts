/**
 * Opens the database: embedded PGlite (a folder, or memory for tests) or PostgreSQL through a
 * node-postgres pool. The rest of the server sees one Drizzle API either way (`Database`).
 *
 * PGlite is a single connection. Inside `db.transaction(tx => …)` use only `tx`: a query on the
 * root `db` waits for the transaction to end, and the transaction waits for it — a deadlock.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Logger } from 'pino';
import { type StatementClient, statementClient } from './pglite-statements';
import { createPostgresPool } from './postgres-pool';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** Where the data lives: a PostgreSQL URL, a PGlite folder, or PGlite in memory. */
export type DatabaseTarget = { url: string } | { pgliteDir: string } | { memory: true };

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** The raw PGlite, for CHECKPOINT and tools. */
  pglite: PGlite | undefined;
  /** PGlite through prepared statements (pglite-statements.ts), for Drizzle and pg-boss. */
  statements: StatementClient | undefined;
  /** The PostgreSQL connection string. */
  url: string | undefined;
  /** On PostgreSQL, how pg-boss gets its own pool with the same connection settings. */
  newPool: ((name: string, max: number) => pg.Pool) | undefined;
  ping(): Promise<void>;
  /**
   * Runs `work` while no other server process on this database runs its own: migrations and the
   * seed at start, when several processes start together. A session advisory lock on PostgreSQL;
   * PGlite has one process by construction.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** Flush PGlite's pages before exit; a no-op on PostgreSQL, which has real durability. */
  checkpoint(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Extensions the migrations create. PGlite ships them as separate bundles that must be given at
 * every open, also of an existing folder or dump: a table indexed by trigrams cannot be read
 * without pg_trgm loaded. PostgreSQL has them in contrib.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

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
