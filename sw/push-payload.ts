/**
 * Turns a push message into what the worker shows. The server sends JSON
 * {title, body, url, orderId?, tag?, trackingUrl?}; a message about an order carries the order's
 * tracking link, offered as the action «Статус без входа» (it opens without a session); anything else still produces a notification, because a push
 * handler that shows nothing gets the site's push permission revoked by the browser.
 */

export const FALLBACK_TITLE = 'Бюро переводов';
/** Where a click goes when the message names no (valid) app path. */
export const FALLBACK_URL = '/cabinet/notifications';
export const NOTIFICATION_ICON = '/icons/icon-192.png';
export const NOTIFICATION_BADGE = '/icons/badge-96.png';

export interface PushNotificationData {
  url: string;
  orderId?: number;
  /** The order's tracking page (/track/{token}), opened by the «track» action. */
  trackingUrl?: string;
}

/** The action of a notification about an order that opens its tracking page. */
export const TRACK_ACTION = 'track';

export interface PushNotification {
  title: string;
  options: NotificationOptions & { data: PushNotificationData };
}

/** Reads the message text as JSON; a missing or broken payload becomes null. */
export function parsePushText(text: string | null | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Keeps only same-origin app paths: a push message must not be able to send the user to another
 * site. Returns a path with its query and hash, e.g. /cabinet/orders/42.
 */
export function toAppPath(url: unknown, origin: string): string {
  if (typeof url !== 'string' || url.trim() === '') return FALLBACK_URL;
  try {
    const parsed = new URL(url, origin);
    if (parsed.origin !== origin) return FALLBACK_URL;
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return FALLBACK_URL;
  }
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export function buildPushNotification(payload: string | null | undefined, origin: string): PushNotification {
  const parsed = parsePushText(payload);
  // A plain-text message (not JSON) is still worth showing: as the body, under the fallback title.
  const message = parsed ?? { body: payload ?? undefined };
  const orderId = typeof message.orderId === 'number' ? message.orderId : undefined;
  const tag = text(message.tag) ?? (orderId !== undefined ? `order-${orderId}` : undefined);
  const data: PushNotificationData = { url: toAppPath(message.url, origin) };
  if (orderId !== undefined) data.orderId = orderId;
  const tracking = text(message.trackingUrl) ? toAppPath(message.trackingUrl, origin) : undefined;
  if (tracking?.startsWith('/track/')) data.trackingUrl = tracking;
  const options: PushNotification['options'] = {
    body: text(message.body) ?? '',
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    lang: 'ru',
    data,
  };
  if (tag !== undefined) options.tag = tag;
  if (data.trackingUrl !== undefined) {
    // Shown by Chromium-based browsers; elsewhere the tap opens `url` as before.
    (options as { actions?: { action: string; title: string }[] }).actions = [
      { action: TRACK_ACTION, title: 'Статус без входа' },
    ];
  }
  return { title: text(message.title) ?? FALLBACK_TITLE, options };
}
