/**
 * Where a tapped push notification should lead, kept by the service worker for the app. Some
 * platforms (iOS home-screen apps above all) open the app's start URL instead of the window the
 * worker asked for; the app then finds the target here on start and goes there. Cache Storage,
 * not Dexie: the worker writes one small entry and needs no schema for it. Shared by sw/ and src/.
 */
export const PUSH_TARGET_CACHE = 'push-target-v1';
const TARGET_KEY = '/__push-target__';
/** A target older than this is from an earlier tap the app already missed: not followed. */
export const PUSH_TARGET_TTL_MS = 2 * 60_000;

interface StoredTarget {
  path: string;
  at: number;
}

export async function keepPushTarget(storage: CacheStorage, path: string, now = Date.now()): Promise<void> {
  const cache = await storage.open(PUSH_TARGET_CACHE);
  const target: StoredTarget = { path, at: now };
  await cache.put(
    TARGET_KEY,
    new Response(JSON.stringify(target), { headers: { 'content-type': 'application/json' } }),
  );
}

/** Reads and removes the kept target: null when there is none or it is stale. */
export async function takePushTarget(storage: CacheStorage, now = Date.now()): Promise<string | null> {
  if (!(await storage.has(PUSH_TARGET_CACHE))) return null;
  const cache = await storage.open(PUSH_TARGET_CACHE);
  const response = await cache.match(TARGET_KEY);
  if (!response) return null;
  await cache.delete(TARGET_KEY);
  try {
    const target = (await response.json()) as Partial<StoredTarget>;
    if (typeof target.path !== 'string' || !target.path.startsWith('/') || target.path.startsWith('//'))
      return null;
    if (typeof target.at !== 'number' || now - target.at > PUSH_TARGET_TTL_MS || target.at > now + 60_000)
      return null;
    return target.path;
  } catch {
    return null;
  }
}

/** What the worker tells open pages (postMessage `{ type, … }`). */
export const PUSH_MESSAGES = {
  /** A push arrived and was shown: unread counts and lists are out of date. */
  received: 'push-received',
  /** The browser replaced the subscription: a page should send the new one with its token. */
  subscriptionChanged: 'push-subscription-changed',
} as const;
