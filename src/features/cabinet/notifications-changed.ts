/**
 * The unread badge and the notifications page are separate screens with separate queries: after
 * the page marks or deletes, it says so with this window event and the badge reads its count again.
 */
export const NOTIFICATIONS_CHANGED = 'cabinet:notifications-changed';

export function announceNotificationsChanged(): void {
  window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED));
}
