/**
 * Whether this device uses the app database, known without loading it: a page that has stored
 * nothing yet (a first visit of the sign-in) need not load IndexedDB's library for the shell's
 * notices about stored data (src/routes/-components/shell-notices.tsx). In use: the database
 * exists on the device, or this page has opened it (schema.ts marks every connection).
 */
export const DB_NAME = 'perevod';

export interface DatabasePresence {
  /** This page opened the database. */
  mark(): void;
  /** True when this page has opened the database or the device has it. */
  inUse(): Promise<boolean>;
  /** Calls back once the database is in use (at once if it is); answers a cancel. */
  whenInUse(listener: () => void): () => void;
}

export function createDatabasePresence(
  indexedDb: () => Pick<IDBFactory, 'databases'> | undefined = () => globalThis.indexedDB,
): DatabasePresence {
  let inUse = false;
  const listeners = new Set<() => void>();

  function mark(): void {
    if (inUse) return;
    inUse = true;
    for (const listener of listeners) listener();
    listeners.clear();
  }

  async function check(): Promise<boolean> {
    if (inUse) return true;
    const factory = indexedDb();
    try {
      // A browser that cannot list its databases: assume it may have it.
      if (typeof factory?.databases !== 'function') return true;
      if ((await factory.databases()).some((database) => database.name === DB_NAME)) mark();
    } catch {
      return true;
    }
    return inUse;
  }

  return {
    mark,
    inUse: check,
    whenInUse(listener) {
      if (inUse) {
        listener();
        return () => {};
      }
      listeners.add(listener);
      void check();
      return () => listeners.delete(listener);
    },
  };
}

const presence = createDatabasePresence();
export const markAppDatabaseInUse = presence.mark;
export const appDatabaseInUse = presence.inUse;
export const whenAppDatabaseInUse = presence.whenInUse;
