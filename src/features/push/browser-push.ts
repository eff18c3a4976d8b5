/** The app's PushEnvironment: the browser's Notification and PushManager, and the API gateway. */
import { api } from '../../api/app-api';
import { unwrap } from '../../api/client';
import { localStore } from '../../api/local-store';
import { APP_KEYS, readToken } from '../../api/tokens';
import type { PushEnvironment } from './push-subscription';

function supported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    'PushManager' in window &&
    'serviceWorker' in navigator
  );
}

/** `prefer`: the login context of the page (the cabinet unless on a back-office page). */
export function browserPush(prefer: 'cabinet' | 'crm' = 'cabinet'): PushEnvironment {
  const store = localStore();
  const other = prefer === 'cabinet' ? 'crm' : 'cabinet';
  return {
    permission: () => (supported() ? Notification.permission : undefined),
    requestPermission: () => Notification.requestPermission(),
    registration: () => navigator.serviceWorker.ready,
    vapidKey: async () =>
      unwrap(await api.GET('/api/notifications/vapid-public-key', { kind: 'public' })).publicKey,
    signedIn: () => (readToken(prefer) ? prefer : readToken(other) ? other : null),
    send: async (kind, subscription) => {
      const { endpoint, expirationTime, keys } = subscription;
      if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('the browser gave an empty subscription');
      unwrap(
        await api.POST('/api/notifications/subscribe', {
          body: {
            endpoint,
            expirationTime: expirationTime ?? null,
            keys: { p256dh: keys.p256dh, auth: keys.auth },
          },
          kind,
        }),
      );
    },
    forget: async (kind, endpoint) => {
      await api.DELETE('/api/notifications/subscribe', { params: { query: { endpoint } }, kind });
    },
    isTurnedOff: () => store.getItem(APP_KEYS.pushTurnedOff) === '1',
    setTurnedOff: (off) =>
      off ? store.setItem(APP_KEYS.pushTurnedOff, '1') : store.removeItem(APP_KEYS.pushTurnedOff),
  };
}
