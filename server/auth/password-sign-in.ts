/**
 * Staff sign-in by login (or email) and password. Attempts back off per login and address pair,
 * per address and per login (docs/decisions/0009-sign-in-limits.md); an unknown login costs the
 * same argon2 work as a known one, so neither the answer nor its timing tells which logins exist.
 */

import { asc, sql } from 'drizzle-orm';
import { normalizeLogin } from '../../src/domain/login';
import type { AppContext } from '../app-context';
import { users } from '../db/schema';
import { invalidCredentials } from './errors';
import { verifyPasswordOrDummy } from './passwords';
import { attemptAll, type BackoffPolicy, clearLimit, forgiveAttempt } from './rate-limits';
import { type AuthResult, type ClientInfo, completeSignIn } from './sign-in';

const HOUR = 60 * 60;
const BACKOFF = { baseSeconds: 30, maxSeconds: HOUR, windowSeconds: 24 * HOUR };
/** One login from one address: the strict limit a stranger hits without touching the owner's. */
export const PAIR_BACKOFF: BackoffPolicy = { ...BACKOFF, threshold: 5 };
/** One office behind one address may hold many staff: the address gets more room. */
export const ADDRESS_BACKOFF: BackoffPolicy = { ...BACKOFF, threshold: 20 };
/**
 * Guessing one login from many addresses: high enough that a stranger's few failures never reach
 * it, and it only slows (30 s doubling to an hour) rather than refusing for good.
 */
export const LOGIN_BACKOFF: BackoffPolicy = { ...BACKOFF, threshold: 50 };

export async function signInWithPassword(
  ctx: AppContext,
  rawLogin: string,
  password: string,
  client: ClientInfo,
): Promise<AuthResult> {
  // Stored logins are NFKC (src/domain/login.ts): a full-width «ａｄｍｉｎ» is «admin».
  const login = normalizeLogin(rawLogin).toLowerCase();
  const pairKey = `login:pair:${client.ip}:${login}`;
  const addressKey = `login:ip:${client.ip}`;
  const loginKey = `login:name:${login}`;
  // Counted before the argon2 check: the count, not the answer, bounds the guesses.
  await attemptAll(ctx.db, [
    [pairKey, PAIR_BACKOFF],
    [addressKey, ADDRESS_BACKOFF],
    [loginKey, LOGIN_BACKOFF],
  ]);

  // A login wins over another user's email of the same text.
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(sql`lower(${users.login}) = ${login} or lower(${users.email}) = ${login}`)
    .orderBy(sql`lower(${users.login}) = ${login} desc`, asc(users.id))
    .limit(1);
  const valid = await verifyPasswordOrDummy(user?.passwordHash ?? null, password);
  if (!user || !valid) throw invalidCredentials();
  await clearLimit(ctx.db, pairKey);
  await forgiveAttempt(ctx.db, addressKey, ADDRESS_BACKOFF);
  await forgiveAttempt(ctx.db, loginKey, LOGIN_BACKOFF);
  return completeSignIn(ctx, user, client);
}
