/**
 * Limits kept in the rate_limits table, so they hold across restarts and across server processes
 * on one PostgreSQL. Two kinds share it:
 *  - counters (`hit`): at most `limit` hits per fixed window of `windowSeconds`;
 *  - back-off (`recordFailure`): after `threshold` failures in the window, each further failure
 *    blocks the key for twice as long as the one before (blocked_until).
 * Every update is one upsert, so parallel requests cannot slip past a limit.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import { rateLimited } from './errors';

export interface RateLimit {
  key: string;
  limit: number;
  windowSeconds: number;
}

export interface BackoffPolicy {
  threshold: number;
  baseSeconds: number;
  maxSeconds: number;
  windowSeconds: number;
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Counts one hit on the key and returns the hits in its window and when the window ends. */
async function count(db: Database, key: string, windowSeconds: number, now: Date) {
  const windowOpenedBefore = new Date(now.getTime() - windowSeconds * 1000);
  const expired = sql`${rateLimits.windowStartedAt} <= ${at(windowOpenedBefore)}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${at(now)} else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, windowStartedAt: rateLimits.windowStartedAt });
  if (!row) throw new Error('rate limit upsert returned nothing');
  return { hits: row.hits, windowEndsAt: row.windowStartedAt.getTime() + windowSeconds * 1000 };
}

const secondsUntil = (time: number, now: Date) => Math.max(1, Math.ceil((time - now.getTime()) / 1000));

/**
 * Counts a hit on each limit in order and answers 429 at the first one over: the limits after
 * it are not counted, so a request refused for its address uses up nothing of an email's quota.
 */
export async function hit(db: Database, limits: RateLimit[], now = new Date()): Promise<void> {
  for (const limit of limits) {
    const { hits, windowEndsAt } = await count(db, limit.key, limit.windowSeconds, now);
    if (hits > limit.limit) throw rateLimited(secondsUntil(windowEndsAt, now));
  }
}

/** 429 while any of the keys is blocked by back-off. */
export async function assertNotBlocked(db: Database, keys: string[], now = new Date()): Promise<void> {
  const rows = await db
    .select({ blockedUntil: rateLimits.blockedUntil })
    .from(rateLimits)
    .where(inArray(rateLimits.key, keys));
  const until = Math.max(0, ...rows.map((row) => row.blockedUntil?.getTime() ?? 0));
  if (until > now.getTime()) throw rateLimited(secondsUntil(until, now));
}

/** One more failure on the key; from the threshold on, blocks it for an exponentially longer time. */
export async function recordFailure(
  db: Database,
  key: string,
  policy: BackoffPolicy,
  now = new Date(),
): Promise<void> {
  const { hits } = await count(db, key, policy.windowSeconds, now);
  if (hits < policy.threshold) return;
  const seconds = Math.min(
    policy.maxSeconds,
    policy.baseSeconds * 2 ** Math.min(hits - policy.threshold, 20),
  );
  await db
    .update(rateLimits)
    .set({ blockedUntil: new Date(now.getTime() + seconds * 1000) })
    .where(eq(rateLimits.key, key));
}

export async function clearLimit(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
