/**
 * The app's gateway instance, wired to the browser: localStorage tokens, window.location, and the
 * IndexedDB write-through cache (opened on first use).
 */
import { appDb } from '../db/app-db';
import { type ResponseCache, responseCache } from '../db/cache';
import { createApi } from './client';

const lazyCache: ResponseCache = {
  read: (key) => responseCache(appDb()).read(key),
  write: (entry) => responseCache(appDb()).write(entry),
  clearContext: (context) => responseCache(appDb()).clearContext(context),
};

export const appApi = createApi({ cache: lazyCache });

/** The typed client: `api.GET('/api/user/orders/{id}', { params: { path: { id } } })`. */
export const api = appApi.client;
