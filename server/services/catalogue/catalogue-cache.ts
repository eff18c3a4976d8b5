/**
 * The public catalogue in memory. Every visitor of the order form asks for it, it changes a few
 * times a month, and reading it from the embedded database costs ~2 ms of the one connection per
 * request: the cache turns that into a string copy. It is reloaded when older than the TTL (so an
 * edit made by another server process on the same PostgreSQL shows within seconds) and at once
 * when this process changes form settings (invalidate()). Concurrent misses share one load.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../../db/client';
import { getFormParams } from './form-params';

export interface CachedJson {
  json: string;
  /** A strong validator of exactly these bytes. */
  etag: string;
}

export interface CatalogueCache {
  formParams(): Promise<CachedJson>;
  invalidate(): void;
}

export const CATALOGUE_TTL_MS = 30_000;

export function createCatalogueCache(
  db: Database,
  { ttlMs = CATALOGUE_TTL_MS, now = Date.now }: { ttlMs?: number; now?: () => number } = {},
): CatalogueCache {
  let current: { loadedAt: number; value: Promise<CachedJson> } | undefined;

  async function load(): Promise<CachedJson> {
    const json = JSON.stringify(await getFormParams(db));
    const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
    return { json, etag };
  }

  return {
    formParams() {
      if (!current || now() - current.loadedAt >= ttlMs) {
        const value = load();
        const entry = { loadedAt: now(), value };
        current = entry;
        // A failed load must not be served from the cache until the TTL runs out.
        value.catch(() => {
          if (current === entry) current = undefined;
        });
      }
      return current.value;
    },
    invalidate() {
      current = undefined;
    },
  };
}
