/**
 * Whether this device uses the app database, known without loading it: a page that has stored
 * nothing yet (a first visit of the sign-in) need not load IndexedDB's library for the shell's
 * notices about stored data (src/routes/-components/shell-notices.tsx). In use: the database
 * exists on the device, or this page has opened it (schema.ts marks every connection).
 */
export const DB_NAME = 'perevod';

let inUse = false;
const listeners = new Set<() => void>();

export function markAppDatabaseInUse(): void {
  if (inUse) return;
  inUse = true;
  for (const listener of listeners) listener();
  listeners.clear();
}

/** True when this page has opened the database or the device has it. */
export async function appDatabaseInUse(): Promise<boolean> {
  if (inUse) return true;
  try {
    // A browser that cannot list its databases: assume it may have it.
    if (typeof indexedDB?.databases !== 'function') return true;
    if ((await indexedDB.databases()).some((database) => database.name === DB_NAME)) markAppDatabaseInUse();
  } catch {
    return true;
  }
  return inUse;
}

/** Calls back once the database is in use (at once if it is); answers a cancel. */
export function whenAppDatabaseInUse(listener: () => void): () => void {
  if (inUse) {
    listener();
    return () => {};
  }
  listeners.add(listener);
  void appDatabaseInUse();
  return () => listeners.delete(listener);
}
