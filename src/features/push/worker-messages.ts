/**
 * Messages from the service worker (src/db/push-target.ts PUSH_MESSAGES) and the app's own
 * «notifications changed» signal, for screens that show counts or lists of notifications.
 */
import { PUSH_MESSAGES } from '../../db/push-target';

type Listener = () => void;

const CHANGED_EVENT = 'perevod:notifications-changed';

/** Calls back when a push arrives or the app changed notifications (read, deleted). */
export function onNotificationsChanged(listener: Listener): () => void {
  const container = globalThis.navigator?.serviceWorker;
  const fromWorker = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === PUSH_MESSAGES.received) listener();
  };
  container?.addEventListener('message', fromWorker);
  globalThis.addEventListener?.(CHANGED_EVENT, listener);
  return () => {
    container?.removeEventListener('message', fromWorker);
    globalThis.removeEventListener?.(CHANGED_EVENT, listener);
  };
}

/** For the notifications screen after marking read or deleting: badges elsewhere refresh. */
export function announceNotificationsChanged(): void {
  globalThis.dispatchEvent?.(new Event(CHANGED_EVENT));
}

/** Calls back when the worker renewed the push subscription and a page should send it. */
export function onSubscriptionChanged(listener: Listener): () => void {
  const container = globalThis.navigator?.serviceWorker;
  const fromWorker = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === PUSH_MESSAGES.subscriptionChanged) listener();
  };
  container?.addEventListener('message', fromWorker);
  return () => container?.removeEventListener('message', fromWorker);
}
