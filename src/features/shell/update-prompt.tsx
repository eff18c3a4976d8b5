/**
 * «Доступна новая версия»: a new service worker waits until the user presses «Обновить»; then
 * it takes over and the page reloads once. Never swapped silently, so a half-filled form is
 * never lost to an update. The worker is /service-worker.js at scope '/' (vite.config.ts).
 */
import { useRegisterSW } from 'virtual:pwa-register/react';
import { reloadOnTakeover } from './reload-on-takeover';
import { UpdateToast } from './update-toast';
import { watchForUpdates } from './watch-for-updates';

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) watchForUpdates(registration);
    },
    onRegisterError(error) {
      console.warn('Service worker registration failed', error);
    },
  });
  const update = () => {
    reloadOnTakeover();
    void updateServiceWorker(true);
  };
  return needRefresh ? <UpdateToast onUpdate={update} /> : null;
}
