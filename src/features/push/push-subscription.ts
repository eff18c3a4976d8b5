/**
 * This browser's web push subscription. Permission is asked only from a user's click
 * (enablePush); at every start with permission granted the app subscribes again if needed and
 * sends the subscription to the server (syncPush), which moves it to whoever is signed in now.
 * Denied or unsupported: no subscription, no prompt. Turned off on this device: not renewed
 * until the user turns it on again.
 */
import type { ApiKind } from '../../api/context';
import { ApiError } from '../../api/errors';

export const PUSH_SEND_ERROR = 'Ошибка отправки подписки на сервер';

export type PushState = 'unsupported' | 'denied' | 'default' | 'granted';

/** What the browser and the server give; the app's is browserPush(), tests pass fakes. */
export interface PushEnvironment {
  /** Undefined where the browser has no Notification, service worker or PushManager. */
  permission(): NotificationPermission | undefined;
  requestPermission(): Promise<NotificationPermission>;
  registration(): Promise<Pick<ServiceWorkerRegistration, 'pushManager'>>;
  vapidKey(): Promise<string>;
  /** The signed-in context to send the subscription as; null: nobody signed in yet. */
  signedIn(): Exclude<ApiKind, 'public'> | null;
  send(kind: Exclude<ApiKind, 'public'>, subscription: PushSubscriptionJSON): Promise<void>;
  forget(kind: Exclude<ApiKind, 'public'>, endpoint: string): Promise<void>;
  /** The device-level «turned off» mark. */
  isTurnedOff(): boolean;
  setTurnedOff(off: boolean): void;
}

export function pushState(env: PushEnvironment): PushState {
  const permission = env.permission();
  if (permission === undefined) return 'unsupported';
  return permission;
}

export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(current: ArrayBuffer | null | undefined, wanted: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, i) => byte === wanted[i]);
}

/** The browser's subscription for the server's current key: kept, or made (again). */
async function currentSubscription(env: PushEnvironment): Promise<PushSubscription> {
  const { pushManager } = await env.registration();
  const key = base64UrlToBytes(await env.vapidKey());
  const existing = await pushManager.getSubscription();
  // A subscription made for another key (the server's keys were replaced) can never be used.
  if (existing && sameKey(existing.options.applicationServerKey, key)) return existing;
  await existing?.unsubscribe();
  return pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** Sends the subscription as the signed-in user; false when nobody is signed in yet. */
async function sendSubscription(env: PushEnvironment, subscription: PushSubscription): Promise<boolean> {
  const kind = env.signedIn();
  if (!kind) return false;
  try {
    await env.send(kind, subscription.toJSON());
  } catch (error) {
    throw new ApiError({
      status: error instanceof ApiError ? error.status : 0,
      code: error instanceof ApiError ? error.code : 'NETWORK_ERROR',
      message: PUSH_SEND_ERROR,
    });
  }
  return true;
}

export type SyncResult = 'sent' | 'subscribed' | 'skipped';

/**
 * At start (and after signing in): with permission granted and push not turned off here, makes
 * sure the browser is subscribed and the server knows. Never asks for permission.
 */
export async function syncPush(env: PushEnvironment): Promise<SyncResult> {
  if (pushState(env) !== 'granted' || env.isTurnedOff()) return 'skipped';
  const subscription = await currentSubscription(env);
  return (await sendSubscription(env, subscription)) ? 'sent' : 'subscribed';
}

/** The user's «Включить уведомления»: asks permission, then subscribes and sends. */
export async function enablePush(env: PushEnvironment): Promise<PushState> {
  if (pushState(env) === 'unsupported') return 'unsupported';
  const permission = await env.requestPermission();
  if (permission !== 'granted') return permission;
  env.setTurnedOff(false);
  await sendSubscription(env, await currentSubscription(env));
  return 'granted';
}

/** «Отключить»: this browser stops receiving push; the server forgets it. */
export async function disablePush(env: PushEnvironment): Promise<void> {
  env.setTurnedOff(true);
  const { pushManager } = await env.registration();
  const existing = await pushManager.getSubscription();
  if (!existing) return;
  const kind = env.signedIn();
  if (kind) await env.forget(kind, existing.endpoint).catch(() => undefined);
  await existing.unsubscribe();
}

/** Whether this browser holds a subscription now (for the settings' wording). */
export async function isSubscribed(env: PushEnvironment): Promise<boolean> {
  if (pushState(env) !== 'granted' || env.isTurnedOff()) return false;
  const { pushManager } = await env.registration();
  return (await pushManager.getSubscription()) !== null;
}
