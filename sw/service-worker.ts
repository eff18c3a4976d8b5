/**
 * The app's service worker (built by vite-plugin-pwa, injectManifest, to /service-worker.js).
 * It makes the shell open offline on any app route, keeps the lazily loaded map code and
 * pickup-point photos, shows push notifications, and waits for the app's word before a new
 * version takes over. It never stores API data: the app keeps that in IndexedDB.
 * Why this shape: docs/decisions/0001-service-worker-and-offline.md.
 */
/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { cacheBustTarget } from '../src/domain/cache-bust';
import { registerOutboxSync } from './outbox-sync';
import { registerPrerenderedPages } from './prerendered-pages';
import { registerPushHandlers } from './push';
import { isCacheablePhotoResponse, isLazyChunk, isPickupPointPhoto, NAVIGATION_DENYLIST } from './url-rules';

declare const self: ServiceWorkerGlobalScope;

/** Runtime cache names (bump the suffix to drop a cache whose content changed meaning). */
const CACHE_LAZY_CHUNKS = 'lazy-chunks-v1';
const CACHE_POINT_PHOTOS = 'pickup-point-photos-v1';

// 1. The shell: every file of the build except the map library (see vite.config.ts globIgnores).
const precacheList = self.__WB_MANIFEST;
precacheAndRoute(precacheList);
cleanupOutdatedCaches();

// 2a. The cache-busting query for the order form's entry, offline too: the same redirect
// the server gives, so a bare /order/step-1 never costs a second load of the app.
registerRoute(
  ({ url, sameOrigin, request }) =>
    sameOrigin && request.mode === 'navigate' && cacheBustTarget(url.pathname, url.search, 0) !== null,
  async ({ url }) =>
    Response.redirect(new URL(cacheBustTarget(url.pathname, url.search, Date.now()) ?? '/', url).href, 302),
);

// 2b. The order form's first step and the customer documents: the server's prerendered pages,
// kept per build (./prerendered-pages.ts).
const indexEntry = precacheList.find((entry) => typeof entry !== 'string' && entry.url === 'index.html');
registerPrerenderedPages(typeof indexEntry === 'object' ? (indexEntry.revision ?? 'build') : 'build');

// 2c. Any other app navigation, at any depth, gets the precached index.html; the router takes it from there.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NAVIGATION_DENYLIST }));

// 3. Hashed chunks left out of the precache (maplibre and its worker): immutable, so cache-first.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isLazyChunk(url.pathname),
  new CacheFirst({
    cacheName: CACHE_LAZY_CHUNKS,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 12, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// 4. Pickup-point photos: shown on the map offline once seen. Only public images are kept.
registerRoute(
  ({ url, sameOrigin, request }) => sameOrigin && isPickupPointPhoto(url.pathname, request.destination),
  new StaleWhileRevalidate({
    cacheName: CACHE_POINT_PHOTOS,
    plugins: [
      {
        cacheWillUpdate: async ({ response }) =>
          isCacheablePhotoResponse(response.status, response.headers) ? response : null,
      },
      new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 60 * 60 * 24 * 30, purgeOnQuotaError: true }),
    ],
  }),
);

// Everything else, /api/* above all, is not routed: the browser fetches it as if there were no worker.

// Updates: a new worker waits until the app asks (workbox-window's messageSkipWaiting), after the
// user pressed «Обновить» under «Доступна новая версия». Never skipWaiting on install.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first worker takes the open page at once, so offline works after a single visit.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

registerPushHandlers();
registerOutboxSync();
