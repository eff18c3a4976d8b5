/**
 * The write-through cache of GET answers. The API gateway writes each successful cacheable GET
 * here; screens read it back (use-cache-entry.ts) and so show the last copy offline, with the
 * time it was fetched.
 */
import type { DatabasePresence } from './presence';
import type { AppDatabase, CacheContext, CachedResponse } from './schema';

/** The same object always gives the same text, whatever the order of its keys. */
export function stableStringify(value: unknown): string {
  if (value === undefined) return '';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => stableStringify(item ?? null)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, item]) => `${JSON.stringify(key)}:${stableStringify(item)}`);
  return `{${entries.join(',')}}`;
}

export interface CacheParams {
  path?: unknown;
  query?: unknown;
}

/** 'public GET /api/order/form-params {}' — one entry per context, operation and parameters. */
export function cacheKey(context: CacheContext, operation: string, params: CacheParams = {}): string {
  const significant = { path: params.path ?? undefined, query: params.query ?? undefined };
  return `${context} GET ${operation} ${stableStringify(significant)}`;
}

export interface ResponseCache {
  read(key: string): Promise<CachedResponse | undefined>;
  write(entry: CachedResponse): Promise<void>;
  /** Forgets everything of a context when its session ends. */
  clearContext(context: CacheContext): Promise<void>;
}

export function responseCache(db: AppDatabase): ResponseCache {
  return {
    read: (key) => db.cache.get(key),
    write: async (entry) => {
      await db.cache.put(entry);
    },
    clearContext: async (context) => {
      await db.cache.where('context').equals(context).delete();
    },
  };
}

/**
 * The cache on a database opened on first use. On a device without the database (a first visit
 * of the order form), a public answer (the catalogue) waits in memory, the newest per key, until
 * the page opens the database for something of its own (the draft's first save): a visitor who
 * only looks does not get a database. A signed-in answer is written at once, for the cabinet and
 * the back office to show offline. Reads and clears touch no database the device does not have.
 */
export function openedOnUse(
  open: () => Promise<ResponseCache>,
  presence: Pick<DatabasePresence, 'inUse' | 'whenInUse'>,
): ResponseCache {
  const waiting = new Map<string, CachedResponse>();

  async function writeWaiting(): Promise<void> {
    const store = await open();
    for (const entry of waiting.values()) {
      waiting.delete(entry.key);
      // An answer written since (the page asked again once the database was open) is newer.
      const stored = await store.read(entry.key);
      if (!stored || stored.fetchedAt < entry.fetchedAt) await store.write(entry);
    }
  }

  return {
    read: async (key) => ((await presence.inUse()) ? (await open()).read(key) : waiting.get(key)),
    write: async (entry) => {
      if (entry.context === 'public' && !(await presence.inUse())) {
        if (waiting.size === 0) presence.whenInUse(() => void writeWaiting().catch(() => undefined));
        waiting.set(entry.key, entry);
        return;
      }
      await (await open()).write(entry);
    },
    clearContext: async (context) => {
      if (await presence.inUse()) await (await open()).clearContext(context);
    },
  };
}

/** Every stored answer of one operation (the orders looked at on /track), newest first. */
export async function storedAnswersOf(db: AppDatabase, operation: string): Promise<CachedResponse[]> {
  const entries = await db.cache.where('operation').equals(operation).toArray();
  return entries.sort((a, b) => b.fetchedAt - a.fetchedAt);
}
