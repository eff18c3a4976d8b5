/**
 * The rows of a raw SQL statement (`db.execute(sql…)`). Drizzle types that answer by the driver
 * underneath — node-postgres's QueryResult or PGlite's Results — and both carry `rows`; this is
 * the one place that says so, so callers name only the row type they expect.
 */
import type { SQL } from 'drizzle-orm';
import type { Database } from './client';

export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
