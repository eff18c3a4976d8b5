/**
 * The app's gateway instance, wired to the browser: localStorage tokens, window.location, and the
 * IndexedDB write-through cache. The app database and its library load on the cache's first use,
 * not with the gateway: a page that only signs in never evaluates them, and the order form's
 * first step on a first visit keeps the catalogue in memory until the draft opens the database
 * (openedOnUse in src/db/cache.ts).
 */
import { openedOnUse, type ResponseCache, responseCache } from '../db/cache';
import { openAppDb } from '../db/lazy-app-db';
import { appDatabaseInUse, whenAppDatabaseInUse } from '../db/presence';
import { createApi } from './client';

let cache: Promise<ResponseCache> | undefined;
const appCache = () => {
  cache ??= openAppDb().then(responseCache);
  return cache;
};

export const appApi = createApi({
  cache: openedOnUse(appCache, { inUse: appDatabaseInUse, whenInUse: whenAppDatabaseInUse }),
});

/** The typed client: `api.GET('/api/user/orders/{id}', { params: { path: { id } } })`. */
export const api = appApi.client;
