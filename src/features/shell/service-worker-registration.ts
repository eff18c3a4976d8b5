/**
 * Registers the service worker (/service-worker.js, scope '/') and reports a new version that is
 * installed and waiting behind the one in control. Replaces workbox-window, which cost the order
 * form's first load about 2 kB gzip for these few lines. The waiting worker takes over only when
 * told to (SKIP_WAITING, sw/service-worker.ts): the user's «Обновить».
 */
export const SERVICE_WORKER_URL = '/service-worker.js';

type WaitingListener = (worker: ServiceWorker) => void;

const listeners = new Set<WaitingListener>();
let waiting: ServiceWorker | null = null;
let registering: Promise<ServiceWorkerRegistration | undefined> | undefined;

function announce(worker: ServiceWorker): void {
  waiting = worker;
  for (const listener of listeners) listener(worker);
}

/** A newly installed worker waits when another one is active; the first install does not. */
function watch(registration: ServiceWorkerRegistration, worker: ServiceWorker): void {
  const check = () => {
    if (worker.state === 'installed' && registration.active && registration.active !== worker)
      announce(worker);
  };
  worker.addEventListener('statechange', check);
  check();
}

/** Registers once per page; later calls get the same registration. */
export function registerServiceWorker(
  container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker,
): Promise<ServiceWorkerRegistration | undefined> {
  registering ??= (async () => {
    if (!container) return undefined;
    const registration = await container.register(SERVICE_WORKER_URL, { scope: '/' });
    if (registration.waiting && registration.active) announce(registration.waiting);
    if (registration.installing) watch(registration, registration.installing);
    registration.addEventListener('updatefound', () => {
      if (registration.installing) watch(registration, registration.installing);
    });
    return registration;
  })();
  return registering;
}

/**
 * Runs `work` once the page has loaded and the main thread is idle (at most 3 s after load): the
 * worker's first install downloads the whole app for offline use, and on a first visit that must
 * not compete with the page's own requests, its first paint or the first taps. Returns a cancel.
 */
export function afterPageSettles(work: () => void, page: Window = window): () => void {
  let cancelled = false;
  const run = () => {
    if (!cancelled) work();
  };
  const whenIdle = () => {
    if (typeof page.requestIdleCallback === 'function') page.requestIdleCallback(run, { timeout: 3000 });
    else page.setTimeout(run, 0);
  };
  if (page.document.readyState === 'complete') whenIdle();
  else page.addEventListener('load', whenIdle, { once: true });
  return () => {
    cancelled = true;
    page.removeEventListener('load', whenIdle);
  };
}

/** Calls back for a waiting new version, at once if one already waits. */
export function onWaitingWorker(listener: WaitingListener): () => void {
  listeners.add(listener);
  if (waiting) listener(waiting);
  return () => listeners.delete(listener);
}

/** Lets the waiting version take over; the page reloads on controllerchange (reload-on-takeover.ts). */
export function activateWaitingWorker(worker: ServiceWorker | null = waiting): void {
  worker?.postMessage({ type: 'SKIP_WAITING' });
}
