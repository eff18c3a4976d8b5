/**
 * The page's connection to the app database, opened on first use. When another tab or a new
 * version of the app upgrades the schema, this connection closes itself (or it would block the
 * upgrade forever) and tells the UI, which offers a reload; when our own upgrade is blocked by
 * an old tab, the UI asks the user to close the other tabs.
 */
import { registerAppDb } from './app-db-registry';
import { AppDatabase } from './schema';

export type DatabaseEvent = 'versionchange' | 'blocked';
type Listener = (event: DatabaseEvent) => void;

const listeners = new Set<Listener>();
const happened = new Set<DatabaseEvent>();
let instance: AppDatabase | undefined;

function emit(event: DatabaseEvent): void {
  happened.add(event);
  for (const listener of listeners) listener(event);
}

/** Wires the two upgrade events of a connection to the UI notices. */
export function watchUpgrades(db: AppDatabase): AppDatabase {
  db.on('versionchange', () => {
    db.close();
    emit('versionchange');
    return false;
  });
  db.on('blocked', () => emit('blocked'));
  return db;
}

export function appDb(): AppDatabase {
  instance ??= watchUpgrades(new AppDatabase());
  return instance;
}

registerAppDb(appDb);

/** Subscribes to upgrade events; an event that already happened is replayed at once. */
export function onDatabaseEvent(listener: Listener): () => void {
  listeners.add(listener);
  for (const event of happened) listener(event);
  return () => listeners.delete(listener);
}
