/**
 * What every sign-in method ends with: the user found (or, for a new email or Telegram account,
 * created as a USER), a blocked user refused with the reason, a new session, and the token.
 */
import { eq, sql } from 'drizzle-orm';
import type { components } from '../../src/api/schema.gen';
import type { AppContext } from '../app-context';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { unauthorized } from '../errors';
import { userBlocked } from './errors';
import type { SignedInUser } from './tokens';

export type AuthResult = components['schemas']['AuthResult'];
export type SessionUser = components['schemas']['SessionUser'];
export type UserRow = typeof users.$inferSelect;

/** Where a sign-in comes from, kept on the session for the user's list of devices. */
export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    role: user.role,
    email: user.email,
    phoneNumber: user.phoneNumber,
    firstName: user.firstName,
    lastName: user.lastName,
    partnerId: user.partnerId,
  };
}

/** GET /api/auth/session: who the caller is now, and when their token runs out. */
export async function currentSession(
  db: Database,
  caller: Pick<SignedInUser, 'id' | 'sessionExpiresAt'>,
): Promise<components['schemas']['Session']> {
  const [user] = await db.select().from(users).where(eq(users.id, caller.id));
  if (!user) throw unauthorized();
  return {
    status: 'AUTHORIZED',
    user: toSessionUser(user),
    expiresAt: caller.sessionExpiresAt.toISOString(),
  };
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
  return user;
}

/** The user with this (normalised) email, made a USER now if there is none. */
export async function findOrCreateUserByEmail(db: Database, email: string): Promise<UserRow> {
  const existing = await findUserByEmail(db, email);
  if (existing) return existing;
  // Two first sign-ins at once: the unique index lets one insert win; the other reads it.
  await db.insert(users).values({ email, role: 'USER' }).onConflictDoNothing();
  const created = await findUserByEmail(db, email);
  if (!created) throw new Error('user insert and lookup returned nothing');
  return created;
}

export async function completeSignIn(
  ctx: AppContext,
  user: UserRow,
  client: ClientInfo,
): Promise<AuthResult> {
  if (user.isBlocked) throw userBlocked(user.blockReason);
  const session = await ctx.tokens.openSession(user.id, { ip: client.ip, userAgent: client.userAgent });
  await ctx.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  const token = await ctx.tokens.issueAccessToken({
    userId: user.id,
    sessionId: session.id,
    role: user.role,
  });
  return { token, hash: null, user: toSessionUser(user) };
}
