/**
 * The app database for code that must not load Dexie before a page needs it: the order form's
 * first step works from the prerendered page and the network until the visitor's first change,
 * which opens the database to save the draft. Where another module of the page has loaded the
 * database already (the cabinet, the back office), it is answered at once.
 */
import { loadedAppDb } from './app-db-registry';
import type { AppDatabase } from './schema';

export { loadedAppDb };

let loading: Promise<AppDatabase> | undefined;

/**
 * Loads the database's module if needed (its chunk carries Dexie) and answers the database. A
 * chunk that could not be fetched (the network went before the service worker had stored it) is
 * asked for again on the next call: the draft's change waits in the step's state and, as the page
 * is left, in localStorage (src/features/order-form/draft.ts).
 */
export function openAppDb(): Promise<AppDatabase> {
  const loaded = loadedAppDb();
  if (loaded) return Promise.resolve(loaded);
  loading ??= import('./app-db').then(
    (module) => module.appDb(),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
