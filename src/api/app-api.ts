/**
 * The app's gateway instance, wired to the browser: localStorage tokens, window.location, and the
 * IndexedDB write-through cache. The app database and its library load on the cache's first use,
 * not with the gateway: a page that only signs in never evaluates them (a device without the
 * database has nothing cached to read or forget).
 */
import { type ResponseCache, responseCache } from '../db/cache';
import { appDatabaseInUse } from '../db/presence';
import { createApi } from './client';

let cache: Promise<ResponseCache> | undefined;
const appCache = () => {
  cache ??= import('../db/app-db').then((module) => responseCache(module.appDb()));
  return cache;
};

const lazyCache: ResponseCache = {
  read: async (key) => ((await appDatabaseInUse()) ? (await appCache()).read(key) : undefined),
  write: async (entry) => (await appCache()).write(entry),
  clearContext: async (context) => {
    if (await appDatabaseInUse()) await (await appCache()).clearContext(context);
  },
};

export const appApi = createApi({ cache: lazyCache });

/** The typed client: `api.GET('/api/user/orders/{id}', { params: { path: { id } } })`. */
export const api = appApi.client;
