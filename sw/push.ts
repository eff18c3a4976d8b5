/**
 * Push messages, clicks on their notifications, and the browser rotating a subscription.
 * The full push feature (staff sending, the cabinet's settings) comes with a later issue; this
 * part keeps the worker's side of the contract: every push shows a notification.
 */
import { buildPushNotification, FALLBACK_URL, type PushNotificationData } from './push-payload';

declare const self: ServiceWorkerGlobalScope;

const SUBSCRIBE_PATH = '/api/notifications/subscribe';
const VAPID_KEY_PATH = '/api/notifications/vapid-public-key';

function onPush(event: PushEvent): void {
  let payload: string | null = null;
  try {
    payload = event.data?.text() ?? null;
  } catch {
    payload = null;
  }
  const { title, options } = buildPushNotification(payload, self.location.origin);
  // Always inside waitUntil: a push that shows nothing may cost the site its permission.
  event.waitUntil(self.registration.showNotification(title, options));
}

async function focusOrOpen(path: string): Promise<void> {
  const target = new URL(path, self.location.origin);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const samePage = windows.find((client) => {
    const url = new URL(client.url);
    return url.origin === target.origin && url.pathname === target.pathname;
  });
  if (samePage) {
    await samePage.focus();
    return;
  }
  const ours = windows.find((client) => new URL(client.url).origin === target.origin);
  if (ours) {
    // navigate() works only on clients this worker controls; it answers null otherwise.
    const navigated = await ours.navigate(target.href).catch(() => null);
    if (navigated) {
      await navigated.focus();
      return;
    }
  }
  await self.clients.openWindow(target.href);
}

function onNotificationClick(event: NotificationEvent): void {
  event.notification.close();
  const data = event.notification.data as Partial<PushNotificationData> | null;
  event.waitUntil(focusOrOpen(typeof data?.url === 'string' ? data.url : FALLBACK_URL));
}

async function applicationServerKey(old: PushSubscription | null): Promise<BufferSource | string> {
  const key = old?.options.applicationServerKey;
  if (key) return key;
  const response = await fetch(VAPID_KEY_PATH);
  if (!response.ok) throw new Error(`VAPID key: HTTP ${response.status}`);
  const { publicKey } = (await response.json()) as { publicKey: string };
  return publicKey;
}

/**
 * The browser replaced or dropped the subscription: subscribe again and tell the server. Best
 * effort: the POST needs the customer's token, which the worker does not hold, so the app also
 * re-sends its subscription on start (the push issue owns that).
 */
async function resubscribe(event: PushSubscriptionChangeEvent): Promise<void> {
  try {
    const subscription =
      event.newSubscription ??
      (await self.registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: await applicationServerKey(event.oldSubscription),
      }));
    await fetch(SUBSCRIBE_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'include',
      body: JSON.stringify(subscription.toJSON()),
    });
  } catch (error) {
    console.warn('pushsubscriptionchange: could not renew the subscription', error);
  }
}

export function registerPushHandlers(): void {
  self.addEventListener('push', onPush);
  self.addEventListener('notificationclick', onNotificationClick);
  self.addEventListener('pushsubscriptionchange', (event) => event.waitUntil(resubscribe(event)));
}
