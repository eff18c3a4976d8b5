/**
 * After a deploy, an open tab may ask for a lazy chunk the server no longer has. One reload
 * fetches the new index.html and its chunks; a flag per failing module in sessionStorage makes
 * sure it is one reload and not a loop when the chunk is really missing. (The router's lazy
 * route components do the same for route chunks, with their own flag.)
 */
type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

const FLAG_PREFIX = 'chunk-reload:';

/** Reloads the page unless this module already caused a reload in this tab. */
export function reloadOnceFor(failure: string, session: SessionStore | null, reload: () => void): boolean {
  if (!session) return false;
  const flag = `${FLAG_PREFIX}${failure}`;
  try {
    if (session.getItem(flag)) return false;
    session.setItem(flag, String(Date.now()));
  } catch {
    return false; // no sessionStorage, no way to stop a loop: do not reload
  }
  reload();
  return true;
}

function sessionStore(): SessionStore | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** Vite fires vite:preloadError when a dynamic import or its CSS fails to load. */
export function installChunkReloadGuard(target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    // Offline a chunk is missing because the network is, not because of a deploy: a reload would
    // not bring it either and would throw away what is on screen. The importer handles the error
    // (step 4's map, which is not precached, then falls back to the lighter one).
    if (target.navigator?.onLine === false) return;
    const failure = event.payload?.message ?? 'unknown chunk';
    if (reloadOnceFor(failure, sessionStore(), () => target.location.reload())) event.preventDefault();
  });
}

export function isMissingChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return (
    message.startsWith('Failed to fetch dynamically imported module') ||
    message.startsWith('error loading dynamically imported module') ||
    message.startsWith('Importing a module script failed') ||
    message.includes('Unable to preload CSS')
  );
}
