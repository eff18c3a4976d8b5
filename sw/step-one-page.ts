/**
 * The order form's first step as the server prerenders it (server/http/prerendered-pages.ts), kept
 * by the worker so a return visit paints the step from HTML at once, online or off, while the app's
 * JavaScript starts; each visit revalidates it in the background.
 *
 * A page names the build's files (/assets/index-….js). So each version of the worker keeps its own
 * copy, fetched when it installs and dropped with it, and only stores a page whose entry script
 * is in its own precache: a page from a newer deploy waits for the newer worker. Without a usable
 * copy, the step gets the precached index.html, as every other route does.
 */
/// <reference lib="webworker" />
import { createHandlerBoundToURL, getCacheKeyForURL } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { STEP_ONE_PATH } from '../src/domain/cache-bust';
import { runsOnThisBuild } from './url-rules';

declare const self: ServiceWorkerGlobalScope;

const CACHE_PREFIX = 'order-step-1-page-';
async function usable(response: Response): Promise<Response | null> {
  if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('text/html')) return null;
  const html = await response.clone().text();
  const precached = (url: string) => getCacheKeyForURL(new URL(url, self.location.href).href) !== undefined;
  return runsOnThisBuild(html, precached) ? response : null;
}

/** `build`: the precache revision of index.html, which changes with every build. */
export function registerStepOnePage(build: string): void {
  const cacheName = `${CACHE_PREFIX}${build}`;
  const page = new StaleWhileRevalidate({
    cacheName,
    plugins: [
      // One copy whatever the cache-busting query says.
      { cacheKeyWillBeUsed: async () => new URL(STEP_ONE_PATH, self.location.href).href },
      { cacheWillUpdate: async ({ response }) => usable(response) },
    ],
  });
  const shell = createHandlerBoundToURL('index.html');

  registerRoute(
    ({ url, sameOrigin, request }) =>
      sameOrigin && request.mode === 'navigate' && url.pathname === STEP_ONE_PATH,
    async (options) => {
      try {
        return await page.handle(options);
      } catch {
        return shell(options);
      }
    },
  );

  self.addEventListener('install', (event) => {
    // A failed fetch leaves the copy for the first visit to make; the install goes on.
    event.waitUntil(
      (async () => {
        const response = await fetch(`${STEP_ONE_PATH}?t=${Date.now()}`, { credentials: 'same-origin' });
        const kept = await usable(response);
        if (kept) await (await caches.open(cacheName)).put(STEP_ONE_PATH, kept);
      })().catch(() => undefined),
    );
  });

  self.addEventListener('activate', (event) => {
    event.waitUntil(
      caches
        .keys()
        .then((names) =>
          Promise.all(
            names
              .filter((name) => name.startsWith(CACHE_PREFIX) && name !== cacheName)
              .map((name) => caches.delete(name)),
          ),
        ),
    );
  });
}
