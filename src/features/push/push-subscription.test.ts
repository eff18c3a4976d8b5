import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import {
  base64UrlToBytes,
  disablePush,
  enablePush,
  PUSH_SEND_ERROR,
  type PushEnvironment,
  syncPush,
} from './push-subscription';

const SERVER_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const OLD_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

function fakeSubscription(endpoint: string, key: string) {
  const subscription = {
    endpoint,
    options: { applicationServerKey: base64UrlToBytes(key).buffer, userVisibleOnly: true },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }),
    unsubscribe: vi.fn(async () => {
      browser.current = null;
      return true;
    }),
  };
  return subscription as unknown as PushSubscription & { unsubscribe: ReturnType<typeof vi.fn> };
}

const browser: { current: PushSubscription | null } = { current: null };

function fakeEnv(
  overrides: Partial<PushEnvironment> & { permission?: () => NotificationPermission | undefined } = {},
) {
  let turnedOff = false;
  let made = 0;
  const pushManager = {
    getSubscription: vi.fn(async () => browser.current),
    subscribe: vi.fn(async (options: PushSubscriptionOptionsInit) => {
      made += 1;
      const key = options.applicationServerKey as Uint8Array;
      const base64url = btoa(String.fromCharCode(...key))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      browser.current = fakeSubscription(`https://push.example/${made}`, base64url);
      return browser.current;
    }),
  };
  const env = {
    permission: vi.fn(() => 'default' as NotificationPermission | undefined),
    requestPermission: vi.fn(async () => 'granted' as NotificationPermission),
    registration: async () => ({ pushManager }) as unknown as ServiceWorkerRegistration,
    vapidKey: async () => SERVER_KEY,
    signedIn: vi.fn(() => 'cabinet' as const),
    send: vi.fn(async () => undefined),
    forget: vi.fn(async () => undefined),
    isTurnedOff: () => turnedOff,
    setTurnedOff: (off: boolean) => {
      turnedOff = off;
    },
    ...overrides,
  } satisfies PushEnvironment;
  return { env, pushManager };
}

describe('turning push on', () => {
  it('asks permission only when the user presses the button, then subscribes and sends', async () => {
    browser.current = null;
    const { env, pushManager } = fakeEnv();
    expect(env.requestPermission).not.toHaveBeenCalled();
    expect(await enablePush(env)).toBe('granted');
    expect(env.requestPermission).toHaveBeenCalledTimes(1);
    expect(pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(SERVER_KEY),
    });
    expect(env.send).toHaveBeenCalledWith(
      'cabinet',
      expect.objectContaining({ endpoint: 'https://push.example/1' }),
    );
  });

  it('makes no subscription when the user refuses or the browser cannot', async () => {
    browser.current = null;
    const refused = fakeEnv({ requestPermission: vi.fn(async () => 'denied' as const) });
    expect(await enablePush(refused.env)).toBe('denied');
    expect(refused.pushManager.subscribe).not.toHaveBeenCalled();
    const unsupported = fakeEnv({ permission: () => undefined });
    expect(await enablePush(unsupported.env)).toBe('unsupported');
    expect(unsupported.env.requestPermission).not.toHaveBeenCalled();
  });

  it('says «Ошибка отправки подписки на сервер» when the server refuses it', async () => {
    browser.current = null;
    const { env } = fakeEnv({
      send: vi.fn(async () => {
        throw new ApiError({ status: 500, code: 'INTERNAL_ERROR', message: 'Внутренняя ошибка' });
      }),
    });
    await expect(enablePush(env)).rejects.toThrow(PUSH_SEND_ERROR);
  });
});

describe('at every start', () => {
  it('sends the existing subscription again when permission is granted, without asking', async () => {
    const existing = fakeSubscription('https://push.example/kept', SERVER_KEY);
    browser.current = existing;
    const { env, pushManager } = fakeEnv({ permission: () => 'granted' });
    expect(await syncPush(env)).toBe('sent');
    expect(env.requestPermission).not.toHaveBeenCalled();
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(env.send).toHaveBeenCalledWith(
      'cabinet',
      expect.objectContaining({ endpoint: 'https://push.example/kept' }),
    );
  });

  it('replaces a subscription made for the server’s old key', async () => {
    const stale = fakeSubscription('https://push.example/old', OLD_KEY);
    browser.current = stale;
    const { env, pushManager } = fakeEnv({ permission: () => 'granted' });
    await syncPush(env);
    expect(stale.unsubscribe).toHaveBeenCalled();
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
  });

  it('does nothing while permission is not granted or push is turned off here', async () => {
    browser.current = null;
    for (const permission of ['default', 'denied'] as const) {
      const { env, pushManager } = fakeEnv({ permission: () => permission });
      expect(await syncPush(env)).toBe('skipped');
      expect(pushManager.subscribe).not.toHaveBeenCalled();
    }
    const { env, pushManager } = fakeEnv({ permission: () => 'granted' });
    await disablePush(env);
    expect(await syncPush(env)).toBe('skipped');
    expect(pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('subscribes but keeps the subscription for later while nobody is signed in', async () => {
    browser.current = null;
    const { env } = fakeEnv({ permission: () => 'granted', signedIn: () => null });
    expect(await syncPush(env)).toBe('subscribed');
    expect(env.send).not.toHaveBeenCalled();
  });
});

describe('turning push off', () => {
  it('unsubscribes the browser and tells the server to forget it', async () => {
    const existing = fakeSubscription('https://push.example/off', SERVER_KEY);
    browser.current = existing;
    const { env } = fakeEnv({ permission: () => 'granted' });
    await disablePush(env);
    expect(env.forget).toHaveBeenCalledWith('cabinet', 'https://push.example/off');
    expect(existing.unsubscribe).toHaveBeenCalled();
  });
});
