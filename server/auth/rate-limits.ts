/**
 * Limits kept in the rate_limits table, so they hold across restarts and across server processes
 * on one PostgreSQL. Two kinds share it:
 *  - counters (`hit`): at most `limit` hits per fixed window of `windowSeconds`;
 *  - back-off (`attempt`): the attempt that reaches `threshold` in the window blocks the key, and
 *    each further attempt after a wait blocks it twice as long as the one before (blocked_until).
 * Every update is one upsert, so parallel requests cannot slip past a limit.
 */
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { rateLimits } from '../db/schema';
import { rateLimited } from './errors';

export interface RateLimit {
  key: string;
  limit: number;
  windowSeconds: number;
  /** The 429's Russian message, given the wait in words («45 мин.»); a generic one by default. */
  message?: (wait: string) => string;
}

export interface BackoffPolicy {
  threshold: number;
  baseSeconds: number;
  maxSeconds: number;
  windowSeconds: number;
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Counts `amount` hits on the key (one request, or a budget's units such as kilobytes) and
 * returns the hits in its window and when the window ends.
 */
async function count(db: Database, key: string, windowSeconds: number, now: Date, amount = 1) {
  const [row] = await countOne.rows(db, {
    key,
    amount,
    now: now.toISOString(),
    openedBefore: new Date(now.getTime() - windowSeconds * 1000).toISOString(),
  });
  if (!row) throw new Error('rate limit upsert returned nothing');
  return { hits: row.hits, windowEndsAt: new Date(row.window_started_at).getTime() + windowSeconds * 1000 };
}

interface CountedRow {
  key: string;
  hits: number;
  window_started_at: Date | string;
}

/** A window that opened at or before `opened_before` is over: the count starts again. */
const upsertCount = (openedBefore: SQL) => sql`on conflict (key) do update set
    hits = case when rate_limits.window_started_at <= ${openedBefore}
      then excluded.hits else rate_limits.hits + excluded.hits end,
    window_started_at = case when rate_limits.window_started_at <= ${openedBefore}
      then excluded.window_started_at else rate_limits.window_started_at end
  returning key, hits, window_started_at`;

/** The hot statements of every limited request, prepared once (db/prepared.ts). */
const countOne = preparedStatement<
  { key: string; amount: number; now: string; openedBefore: string },
  CountedRow
>(
  'rate_limit_count',
  (value) => sql`insert into rate_limits (key, hits, window_started_at)
    values (${value('key')}::text, ${value('amount')}::integer, ${value('now')}::timestamptz)
    ${upsertCount(sql`${value('openedBefore')}::timestamptz`)}`,
);

const countMany = preparedStatement<{ keys: string[]; openedBefore: string[]; now: string }, CountedRow>(
  'rate_limit_count_many',
  (value) => sql`insert into rate_limits (key, hits, window_started_at)
    select k.key, 1, ${value('now')}::timestamptz from unnest(${value('keys')}::text[]) as k(key)
    ${upsertCount(sql`(select w.opened_before
      from unnest(${value('keys')}::text[], ${value('openedBefore')}::timestamptz[]) as w(key, opened_before)
      where w.key = excluded.key)`)}`,
);

const secondsUntil = (time: number, now: Date) => Math.max(1, Math.ceil((time - now.getTime()) / 1000));

/** A wait in words a person reads: «40 с.», «12 мин.», «3 ч.» (rounded up). */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} с.`;
  if (seconds < 3600) return `${Math.ceil(seconds / 60)} мин.`;
  return `${Math.ceil(seconds / 3600)} ч.`;
}

/**
 * Counts a hit on each limit and answers 429 at the first one over, as if the limits were counted
 * in order and stopped there: the hits on the limits after it are handed back, so a request
 * refused for its address uses up nothing of an email's quota. One upsert counts them all (an
 * order's two or three limits were a trip to the database each).
 */
export async function hit(db: Database, limits: RateLimit[], now = new Date()): Promise<void> {
  const counted = await countAll(db, limits, now);
  const over = limits.findIndex((limit, i) => (counted[i]?.hits ?? 0) > limit.limit);
  if (over < 0) return;
  await forgiveHits(
    db,
    limits.slice(over + 1).map((limit) => limit.key),
  );
  const seconds = secondsUntil(counted[over]?.windowEndsAt ?? now.getTime(), now);
  throw rateLimited(seconds, limits[over]?.message?.(waitInWords(seconds)));
}

/** One hit on each limit in one statement; the counts in the limits' order. */
async function countAll(db: Database, limits: readonly RateLimit[], now: Date) {
  if (limits.length === 0) return [];
  // One statement may not update a row twice; a request's limits are of different kinds.
  if (new Set(limits.map((limit) => limit.key)).size < limits.length)
    throw new Error('rate limits of one request must have distinct keys');
  const rows = await countMany.rows(db, {
    keys: limits.map((limit) => limit.key),
    openedBefore: limits.map((limit) => new Date(now.getTime() - limit.windowSeconds * 1000).toISOString()),
    now: now.toISOString(),
  });
  return limits.map((limit) => {
    const row = rows.find((r) => r.key === limit.key);
    if (!row) throw new Error('rate limit upsert returned nothing');
    return {
      hits: row.hits,
      windowEndsAt: new Date(row.window_started_at).getTime() + limit.windowSeconds * 1000,
    };
  });
}

/** Counts one hit on the limit and says whether it is still within it (for work skipped, not refused). */
export async function withinLimit(db: Database, limit: RateLimit, now = new Date()): Promise<boolean> {
  const { hits } = await count(db, limit.key, limit.windowSeconds, now);
  return hits <= limit.limit;
}

/** Takes back hits from each key: what it counted turned out not to be what the limit bounds. */
export async function forgiveHits(db: Database, keys: readonly string[], amount = 1): Promise<void> {
  if (keys.length === 0 || amount <= 0) return;
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - ${amount}::integer, 0)` })
    .where(inArray(rateLimits.key, [...keys]));
}

/**
 * Takes `amount` units out of a budget per window in one upsert (so parallel requests cannot all
 * see the same room), or answers 429 and takes nothing when they do not fit.
 */
export async function spend(db: Database, limit: RateLimit, amount: number, now = new Date()): Promise<void> {
  const { hits, windowEndsAt } = await count(db, limit.key, limit.windowSeconds, now, amount);
  if (hits <= limit.limit) return;
  await forgiveHits(db, [limit.key], amount);
  const seconds = secondsUntil(windowEndsAt, now);
  throw rateLimited(seconds, limit.message?.(waitInWords(seconds)));
}

/**
 * Counts one attempt on the key unless it is blocked, in a single upsert, and answers 429 when it
 * is: the count happens before the work it guards (an argon2 check), so parallel requests cannot
 * get more attempts than the policy allows. Reaching the threshold blocks the key, for twice as
 * long at each further attempt after a wait. A success is handed back with `forgiveAttempt`.
 */
export async function attempt(
  db: Database,
  key: string,
  policy: BackoffPolicy,
  now = new Date(),
): Promise<void> {
  const windowOpenedBefore = new Date(now.getTime() - policy.windowSeconds * 1000);
  const expired = sql`${rateLimits.windowStartedAt} <= ${at(windowOpenedBefore)}`;
  const hits = sql`(case when ${expired} then 1 else ${rateLimits.hits} + 1 end)`;
  const exponent = sql`least(${hits} - ${policy.threshold}, 20)`;
  const seconds = sql`least(${policy.maxSeconds}, ${policy.baseSeconds} * power(2, ${exponent}))`;
  const firstBlock = policy.threshold <= 1 ? at(new Date(now.getTime() + policy.baseSeconds * 1000)) : null;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, windowStartedAt: now, blockedUntil: firstBlock })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits,
        windowStartedAt: sql`case when ${expired} then ${at(now)} else ${rateLimits.windowStartedAt} end`,
        blockedUntil: sql`case when ${hits} >= ${policy.threshold}
          then ${at(now)} + make_interval(secs => ${seconds}) else null end`,
      },
      // A blocked key is left as it is and returns no row: the attempt is refused uncounted.
      setWhere: sql`${rateLimits.blockedUntil} is null or ${rateLimits.blockedUntil} <= ${at(now)}`,
    })
    .returning({ hits: rateLimits.hits });
  if (row) return;
  const [blocked] = await db
    .select({ blockedUntil: rateLimits.blockedUntil })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  throw rateLimited(secondsUntil(blocked?.blockedUntil?.getTime() ?? now.getTime(), now));
}

/**
 * Takes back one attempt that turned out to be a success, so an office's own sign-ins do not use
 * up its address's room for failures; lifts a block the success itself set.
 */
export async function forgiveAttempt(db: Database, key: string, policy: BackoffPolicy): Promise<void> {
  await db
    .update(rateLimits)
    .set({
      hits: sql`greatest(${rateLimits.hits} - 1, 0)`,
      blockedUntil: sql`case when ${rateLimits.hits} - 1 < ${policy.threshold} then null else ${rateLimits.blockedUntil} end`,
    })
    .where(eq(rateLimits.key, key));
}

/** Refuses with 429 at the first key that is blocked, counting an attempt on every key before it. */
export async function attemptAll(db: Database, limits: [string, BackoffPolicy][], now = new Date()) {
  for (const [key, policy] of limits) await attempt(db, key, policy, now);
}

export async function clearLimit(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
