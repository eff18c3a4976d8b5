/**
 * Which requests the service worker answers, and how. Pure functions of the URL so they can be
 * unit-tested without a worker. The one rule that matters most: the worker never stores /api/*
 * data — the app keeps its data in IndexedDB (src/db) and shows its age offline.
 */

/** API paths. Their answers are never put in a worker cache (see docs/decisions/0001). */
export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** The worker script itself; navigating to it must reach the network. */
const WORKER_PATH = /^\/service-worker\.js$/;

/** A last path segment with an extension (/robots.txt, /manifest.webmanifest) is a file, not an app route. */
const FILE_PATH = /\/[^/]+\.[a-z0-9]{2,12}$/i;

/**
 * Navigations that should get the app shell (precached index.html): every app route, at any
 * depth, with any query — but not the API, the worker, or plain files.
 */
export function isAppNavigation(pathname: string): boolean {
  return (
    !isApiPath(pathname) &&
    !pathname.startsWith('/pay/') &&
    !WORKER_PATH.test(pathname) &&
    !FILE_PATH.test(pathname)
  );
}

/**
 * NavigationRoute's denylist: it tests pathname + search, so each pattern anchors on the path
 * part only (a query such as ?email=a@b.ru must not make a route look like a file).
 */
export const NAVIGATION_DENYLIST: RegExp[] = [
  /^\/api(\/|\?|$)/,
  // The server's own pages (the demo payment page): never the app shell.
  /^\/pay\//,
  /^\/service-worker\.js(\?|$)/,
  /^[^?]*\/[^/?]+\.[a-z0-9]{2,12}(\?|$)/i,
];

/**
 * Hashed build assets that are left out of the precache (the map library and its worker, which
 * only step 4 of the order form loads). Their names carry a content hash, so a cached copy is
 * never stale: cache-first.
 */
export function isLazyChunk(pathname: string): boolean {
  return pathname.startsWith('/assets/') && /\.(m?js|css|wasm)$/.test(pathname);
}

/**
 * Pickup-point photos: images from /api/files/{id} that an <img> loads without a token, which
 * the server only answers for public files. This is the single exception to "no /api in the
 * worker cache", and the response is checked too (isCacheablePhotoResponse).
 */
export function isPickupPointPhoto(pathname: string, destination: string): boolean {
  return destination === 'image' && pathname.startsWith('/api/files/');
}

/** Only a successful, public image answer may be kept; a private file must never land in a cache. */
export function isCacheablePhotoResponse(status: number, headers: Headers): boolean {
  if (status !== 200) return false;
  const contentType = headers.get('content-type') ?? '';
  const cacheControl = (headers.get('cache-control') ?? '').toLowerCase();
  return contentType.startsWith('image/') && !/\b(private|no-store)\b/.test(cacheControl);
}

const ENTRY_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"/;

/**
 * Whether a page is the server's prerendered one and runs on files this worker has precached
 * (./prerendered-pages.ts): a page from a newer deploy names entry files the
 * worker does not have, and offline it would show without its app.
 */
export function runsOnThisBuild(html: string, isPrecached: (url: string) => boolean): boolean {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  return html.includes('data-prerendered') && entry !== undefined && isPrecached(entry);
}
