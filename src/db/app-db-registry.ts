/**
 * Where app-db.ts announces itself as it is evaluated, so lazy-app-db.ts can answer the database
 * at once on a page that has loaded it, without importing it (which would load Dexie).
 */
import type { AppDatabase } from './schema';

let factory: (() => AppDatabase) | undefined;

export function registerAppDb(appDb: () => AppDatabase): void {
  factory = appDb;
}

/** The database when its module is loaded; undefined before. */
export function loadedAppDb(): AppDatabase | undefined {
  return factory?.();
}
