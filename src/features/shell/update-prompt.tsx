/**
 * «Доступна новая версия»: a new service worker waits until the user presses «Обновить»; then
 * it takes over and the page reloads once. Never swapped silently, so a half-filled form is
 * never lost to an update. The worker is /service-worker.js at scope '/', registered once the
 * page has loaded and gone idle (afterPageSettles).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { reloadOnTakeover } from './reload-on-takeover';
import {
  activateWaitingWorker,
  afterPageSettles,
  onWaitingWorker,
  registerServiceWorker,
} from './service-worker-registration';
import { watchForUpdates } from './watch-for-updates';

// Shown only when a new version waits: not part of the first screen's script.
const UpdateToast = lazy(() => import('./update-toast').then((module) => ({ default: module.UpdateToast })));

export function UpdatePrompt() {
  const [worker, setWorker] = useState<ServiceWorker | null>(null);
  useEffect(() => {
    let stopWatching: (() => void) | undefined;
    let active = true;
    const cancelRegistration = afterPageSettles(() =>
      registerServiceWorker().then(
        (registration) => {
          if (registration && active) stopWatching = watchForUpdates(registration);
        },
        (error: unknown) => console.warn('Service worker registration failed', error),
      ),
    );
    const stopListening = onWaitingWorker(setWorker);
    return () => {
      active = false;
      cancelRegistration();
      stopWatching?.();
      stopListening();
    };
  }, []);
  const update = () => {
    reloadOnTakeover();
    activateWaitingWorker(worker);
  };
  return worker ? (
    <Suspense fallback={null}>
      <UpdateToast onUpdate={update} />
    </Suspense>
  ) : null;
}
