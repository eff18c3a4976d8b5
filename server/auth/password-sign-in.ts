/**
 * Staff sign-in by login (or email) and password. Failures back off per login and per client
 * address; an unknown login costs the same argon2 work as a known one, so neither the answer nor
 * its timing tells which logins exist. A blocked user learns it only with the right password.
 */
import { asc, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { invalidCredentials } from './errors';
import { verifyPasswordOrDummy } from './passwords';
import { assertNotBlocked, type BackoffPolicy, clearLimit, recordFailure } from './rate-limits';
import { type AuthResult, type ClientInfo, completeSignIn } from './sign-in';

const HOUR = 60 * 60;
export const LOGIN_BACKOFF: BackoffPolicy = {
  threshold: 5,
  baseSeconds: 30,
  maxSeconds: HOUR,
  windowSeconds: 24 * HOUR,
};
/** One office behind one address may hold many staff: the address gets more room. */
export const ADDRESS_BACKOFF: BackoffPolicy = { ...LOGIN_BACKOFF, threshold: 20 };

export async function signInWithPassword(
  ctx: AppContext,
  rawLogin: string,
  password: string,
  client: ClientInfo,
): Promise<AuthResult> {
  const login = rawLogin.trim().toLowerCase();
  const loginKey = `login:name:${login}`;
  const addressKey = `login:ip:${client.ip}`;
  await assertNotBlocked(ctx.db, [loginKey, addressKey]);

  // A login wins over another user's email of the same text.
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(sql`lower(${users.login}) = ${login} or lower(${users.email}) = ${login}`)
    .orderBy(sql`lower(${users.login}) = ${login} desc`, asc(users.id))
    .limit(1);
  const valid = await verifyPasswordOrDummy(user?.passwordHash ?? null, password);
  if (!user || !valid) {
    await recordFailure(ctx.db, loginKey, LOGIN_BACKOFF);
    await recordFailure(ctx.db, addressKey, ADDRESS_BACKOFF);
    throw invalidCredentials();
  }
  await clearLimit(ctx.db, loginKey);
  return completeSignIn(ctx, user, client);
}
