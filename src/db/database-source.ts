/**
 * The app database as a source that opens it on demand: what the hooks of a first screen read
 * through (use-cache-entry.ts, the order form's draft), so a page loads Dexie only when it stores
 * or reads something. The app's source is in src/api/data-context.ts.
 */
import type { AppDatabase } from './schema';

/** The app database, opened when first needed. */
export interface DatabaseSource {
  /** The database's name: what belongs to it elsewhere (localStorage) is keyed by it. */
  name: string;
  /** The database when its module is loaded already; undefined before. */
  loaded(): AppDatabase | undefined;
  /** Loads the database's module if needed and answers the database. */
  open(): Promise<AppDatabase>;
  /** Whether the device has the database or this page opened it: whether there is anything to read. */
  inUse(): Promise<boolean>;
  /** Calls back once the database is in use (at once if it is); answers a cancel. */
  whenInUse(listener: () => void): () => void;
}

/** A database given (by a test, through DataLayerContext) is open and in use from the start. */
export function databaseSourceOf(db: AppDatabase): DatabaseSource {
  return {
    name: db.name,
    loaded: () => db,
    open: () => Promise.resolve(db),
    inUse: () => Promise.resolve(true),
    whenInUse: (listener) => {
      listener();
      return () => {};
    },
  };
}
