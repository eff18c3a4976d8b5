/**
 * What the rest of the server holds of its database, whichever it is (client.ts opens it):
 * one Drizzle API over PGlite or PostgreSQL, and the few things that differ between them.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { StatementClient } from './pglite-statements';
import type * as schema from './schema';

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
