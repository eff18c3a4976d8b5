/**
 * A statement of a hot path whose SQL text Drizzle builds once, with a named placeholder for each
 * value, and that PostgreSQL parses and plans once per connection. Drizzle's `db.execute(sql…)`
 * builds the text anew on every call, walking every chunk of the template with its type checks:
 * for an order's two long statements (its reads and its rows) that was 0.7 ms of the server's CPU
 * per order at 20 clients, a fifth of a request (docs/decisions/0043, part 6). node-postgres sends
 * a named statement's text once per connection and then only binds values; PGlite's statement
 * client (pglite-statements.ts) prepares by text already.
 *
 * Rules for a statement made this way:
 * - Its text must not depend on the values: lists travel as one array (`= any($1::int[])`) or one
 *   JSON value, never as `in ($1, $2, …)`.
 * - It names its columns: a prepared plan whose result type changes under it (a migration adding
 *   a column to a table read with `*`) fails with «cached plan must not change result type».
 * - The name is unique in the process: two texts under one name are refused by node-postgres.
 */
import { type Placeholder, type Query, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/** The text is the same whichever database runs it: Drizzle's dialect has no per-database state here. */
const dialect = new PgDialect();
const names = new Set<string>();

export type PlaceholderOf<V> = (name: keyof V & string) => Placeholder;

export interface PreparedStatement<V extends Record<string, unknown>, R> {
  /** The statement's rows for these values, on the database or transaction given. */
  rows(db: Database, values: V): Promise<R[]>;
  /** The text sent to the database (for tests and for reading a profile). */
  readonly text: string;
}

export function preparedStatement<V extends Record<string, unknown>, R>(
  name: string,
  build: (value: PlaceholderOf<V>) => SQL,
): PreparedStatement<V, R> {
  if (names.has(name)) throw new Error(`prepared statement ${name} is defined twice`);
  names.add(name);
  let query: Query | undefined;
  const compiled = () => {
    query ??= dialect.sqlToQuery(build((key) => sql.placeholder(key)));
    return query;
  };
  return {
    get text() {
      return compiled().sql;
    },
    async rows(db, values) {
      const prepared = db._.session.prepareQuery(compiled(), undefined, name, false);
      const result = (await prepared.execute(values)) as unknown as { rows: R[] };
      return result.rows;
    },
  };
}
