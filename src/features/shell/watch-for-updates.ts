/**
 * A waiting new version is found sooner than the browser's own daily check: on each return to the
 * window and every hour. The update itself still waits for the user's «Обновить».
 */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export interface UpdatableRegistration {
  update(): Promise<unknown>;
}

export function watchForUpdates(
  registration: UpdatableRegistration,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
  isOnline: () => boolean = () => navigator.onLine,
): () => void {
  const check = () => {
    if (isOnline()) registration.update().catch(() => undefined);
  };
  target.addEventListener('focus', check);
  const timer = setInterval(check, UPDATE_CHECK_INTERVAL_MS);
  return () => {
    target.removeEventListener('focus', check);
    clearInterval(timer);
  };
}
