/**
 * node-postgres pools that survive a database restart. A pool only listens for errors of its
 * idle clients; a client that is checked out (a Drizzle transaction between two statements)
 * emits 'error' to nobody when its socket dies, and an unhandled 'error' ends the process. Every
 * client gets a listener of its own as it connects, and the pool drops it once it is broken.
 */

import pg from 'pg';
import type { Logger } from 'pino';
import { briefError } from '../logger';

export interface PostgresPoolOptions {
  /** Names the pool in logs and in pg_stat_activity. */
  name: string;
  max: number;
  /** How long a request may wait for a connection (new, or a free one) before failing with 503. */
  connectTimeoutMs: number;
  logger?: Pick<Logger, 'warn'>;
}

export function createPostgresPool(
  url: string,
  { name, max, connectTimeoutMs, logger }: PostgresPoolOptions,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    application_name: `perevod-${name}`,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: connectTimeoutMs,
    // A peer that vanished without closing (a failover, a pulled cable) is noticed by TCP itself.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  const warn = (error: unknown) =>
    logger?.warn({ pool: name, ...briefError(error) }, 'Соединение с PostgreSQL потеряно');
  pool.on('error', warn);
  pool.on('connect', (client) => {
    // The idle listener above covers idle clients; this one covers checked-out ones. pg-pool
    // sees `_queryable` false on release and removes the client.
    client.on('error', warn);
  });
  return pool;
}
