/**
 * Push messages, clicks on their notifications, and the browser rotating a subscription. Every
 * push shows a notification (inside waitUntil), grouped per order by its tag, and tells open
 * pages so their unread badge catches up. A tap focuses a window already on the target, else
 * navigates one of ours, else opens one — and keeps the target for the app, for platforms that
 * open the start URL instead (src/db/push-target.ts).
 */

import { keepPushTarget, PUSH_MESSAGES } from '../src/db/push-target';
import { isSafeRedirect } from '../src/domain/safe-redirect';
import { buildPushNotification, FALLBACK_URL, type PushNotificationData, TRACK_ACTION } from './push-payload';

declare const self: ServiceWorkerGlobalScope;

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
  event.waitUntil(
    self.registration
      .showNotification(title, options)
      .then(() => tellPages({ type: PUSH_MESSAGES.received })),
  );
}

async function tellPages(message: { type: string }): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window' });
  for (const page of pages) page.postMessage(message);
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
  // Kept first: the platform may open the start URL instead, and the app then goes on from there.
  await keepPushTarget(self.caches, `${target.pathname}${target.search}${target.hash}`).catch(
    () => undefined,
  );
  await self.clients.openWindow(target.href);
}

function onNotificationClick(event: NotificationEvent): void {
  event.notification.close();
  const data = event.notification.data as Partial<PushNotificationData> | null;
  const target = event.action === TRACK_ACTION ? data?.trackingUrl : data?.url;
  // Only a path of this app: a message from an older server could still carry «//other.site».
  event.waitUntil(focusOrOpen(isSafeRedirect(target) ? target : FALLBACK_URL));
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
 * The browser replaced or dropped the subscription: subscribe again and have an open page send
 * it. The worker cannot send it itself — the API wants the customer's bearer token, which only
 * the page holds — and with no page open, the app sends its subscription on its next start.
 */
async function resubscribe(event: PushSubscriptionChangeEvent): Promise<void> {
  try {
    if (!event.newSubscription) {
      await self.registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: await applicationServerKey(event.oldSubscription),
      });
    }
    await tellPages({ type: PUSH_MESSAGES.subscriptionChanged });
  } catch (error) {
    console.warn('pushsubscriptionchange: could not renew the subscription', error);
  }
}

export function registerPushHandlers(): void {
  self.addEventListener('push', onPush);
  self.addEventListener('notificationclick', onNotificationClick);
  self.addEventListener('pushsubscriptionchange', (event) => event.waitUntil(resubscribe(event)));
}
