/**
 * `hit` counts every limit of a request in one statement, and still behaves as if it counted
 * them in order and stopped at the first one over: the limits after it keep their room.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../config';
import type { DatabaseHandle } from '../db/client';
import { rateLimits } from '../db/schema';
import { toErrorAnswer } from '../http/errors';
import { openTestDatabase } from '../test-support/database';
import { hit, type RateLimit } from './rate-limits';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase(testDatabaseUrl());
});
afterAll(() => database?.close());

let serial = 0;
const HOUR = 3600;
const DAY = 24 * HOUR;
const limitsOf = (address: number, email: number): [RateLimit, RateLimit] => {
  const run = ++serial;
  return [
    { key: `test:address:${run}`, limit: address, windowSeconds: HOUR, message: (wait) => `адрес, ${wait}` },
    { key: `test:email:${run}`, limit: email, windowSeconds: DAY, message: (wait) => `почта, ${wait}` },
  ];
};
const hitsOf = async (key: string) =>
  (await database.db.select({ hits: rateLimits.hits }).from(rateLimits).where(eq(rateLimits.key, key)))[0]
    ?.hits ?? 0;
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => ({
      status: toErrorAnswer(error).status,
      message: (error as Error).message,
    }),
  );

describe('hit', () => {
  it('counts each limit once per request', async () => {
    const limits = limitsOf(5, 5);
    const now = new Date('2026-11-25T10:00:00Z');
    await hit(database.db, limits, now);
    await hit(database.db, limits, now);
    expect(await hitsOf(limits[0].key)).toBe(2);
    expect(await hitsOf(limits[1].key)).toBe(2);
  });

  it('refuses at the first limit over with its own message and wait, and leaves the later ones their room', async () => {
    const limits = limitsOf(1, 5);
    const now = new Date('2026-11-25T10:00:00Z');
    await hit(database.db, limits, now);
    expect(await refusal(hit(database.db, limits, new Date('2026-11-25T10:15:00Z')))).toEqual({
      status: 429,
      message: 'адрес, 45 мин.',
    });
    expect(await hitsOf(limits[0].key)).toBe(2);
    expect(await hitsOf(limits[1].key)).toBe(1);
  });

  it('refuses at the later limit when only it is over, counting the earlier one', async () => {
    const limits = limitsOf(5, 1);
    const now = new Date('2026-11-25T10:00:00Z');
    await hit(database.db, limits, now);
    expect((await refusal(hit(database.db, limits, now)))?.message).toBe('почта, 24 ч.');
    expect(await hitsOf(limits[0].key)).toBe(2);
  });

  it('opens a new window for each limit by its own length', async () => {
    const limits = limitsOf(1, 2);
    await hit(database.db, limits, new Date('2026-11-25T10:00:00Z'));
    // Two hours on: the hour's window is new, the day's still holds the first hit.
    await hit(database.db, limits, new Date('2026-11-25T12:00:00Z'));
    expect(await hitsOf(limits[0].key)).toBe(1);
    expect(await hitsOf(limits[1].key)).toBe(2);
    expect((await refusal(hit(database.db, limits, new Date('2026-11-25T12:30:00Z'))))?.message).toBe(
      'адрес, 30 мин.',
    );
  });
});
