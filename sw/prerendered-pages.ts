/**
 * The pages the server prerenders (server/http/prerendered-pages.ts) that a visitor may open again
 * with no network: the order form's first step and the customer documents (/consent, /privacy,
 * /offer). The worker keeps each, so a return visit paints it from HTML at once, online or off,
 * while the app's JavaScript starts; each visit revalidates it in the background. A document's
 * page carries its text as the app's first answer, so it reads offline even if never opened.
 *
 * A page names the build's files (/assets/index-….js). So each version of the worker keeps its own
 * copies, fetched when it installs and dropped with it, and only stores a page whose entry script
 * is in its own precache: a page from a newer deploy waits for the newer worker. Without a usable
 * copy, the page gets the precached index.html, as every other route does.
 */
/// <reference lib="webworker" />
import { createHandlerBoundToURL, getCacheKeyForURL } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { STEP_ONE_PATH } from '../src/domain/cache-bust';
import { LEGAL_DOCUMENT_PATHS } from '../src/domain/legal-pages';
import { runsOnThisBuild } from './url-rules';

declare const self: ServiceWorkerGlobalScope;

const CACHE_PREFIX = 'prerendered-pages-';
/** The first step's cache before the documents joined it: dropped like any older build's. */
const OLD_CACHE_PREFIX = 'order-step-1-page-';

/** Each page by its address; what the install fetches (the step with its cache-busting query). */
const PAGES: ReadonlyMap<string, () => string> = new Map([
  [STEP_ONE_PATH, () => `${STEP_ONE_PATH}?t=${Date.now()}`],
  ...Object.values(LEGAL_DOCUMENT_PATHS).map((path): [string, () => string] => [path, () => path]),
]);

async function usable(response: Response): Promise<Response | null> {
  if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('text/html')) return null;
  const html = await response.clone().text();
  const precached = (url: string) => getCacheKeyForURL(new URL(url, self.location.href).href) !== undefined;
  return runsOnThisBuild(html, precached) ? response : null;
}

/** `build`: the precache revision of index.html, which changes with every build. */
export function registerPrerenderedPages(build: string): void {
  const cacheName = `${CACHE_PREFIX}${build}`;
  const page = new StaleWhileRevalidate({
    cacheName,
    plugins: [
      // One copy per page whatever the query says (the step's cache-busting one).
      {
        cacheKeyWillBeUsed: async ({ request }) =>
          new URL(new URL(request.url).pathname, self.location.href).href,
      },
      { cacheWillUpdate: async ({ response }) => usable(response) },
    ],
  });
  const shell = createHandlerBoundToURL('index.html');

  registerRoute(
    ({ url, sameOrigin, request }) =>
      sameOrigin &&
      request.mode === 'navigate' &&
      PAGES.has(url.pathname) &&
      // A document's page is prerendered for its bare address only (server/http/prerendered-pages.ts).
      (url.pathname === STEP_ONE_PATH || url.search === ''),
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
      Promise.all(
        [...PAGES].map(async ([path, address]) => {
          const response = await fetch(address(), { credentials: 'same-origin' });
          const kept = await usable(response);
          if (kept) await (await caches.open(cacheName)).put(path, kept);
        }),
      ).catch(() => undefined),
    );
  });

  self.addEventListener('activate', (event) => {
    event.waitUntil(
      caches
        .keys()
        .then((names) =>
          Promise.all(
            names
              .filter(
                (name) =>
                  (name.startsWith(CACHE_PREFIX) && name !== cacheName) || name.startsWith(OLD_CACHE_PREFIX),
              )
              .map((name) => caches.delete(name)),
          ),
        ),
    );
  });
}
