/**
 * Test-only sign-in: makes a user of a role, a session and an access token straight in the
 * database through the real token service. It is not an HTTP route and never ships as one.
 */
import { randomBytes } from 'node:crypto';
import type { Role } from '../../src/domain/roles';
import type { AppContext } from '../app-context';
import { users } from '../db/schema';

export interface SignedInTestUser {
  userId: number;
  sessionId: string;
  token: string;
  /** `{ authorization: 'Bearer …' }` for inject. */
  headers: { authorization: string };
}

export async function signInAs(
  context: AppContext,
  role: Role,
  options: { partnerId?: number | null; email?: string } = {},
): Promise<SignedInTestUser> {
  const email = options.email ?? `${role.toLowerCase()}-${randomBytes(4).toString('hex')}@example.ru`;
  const [user] = await context.db
    .insert(users)
    .values({ email, role, partnerId: options.partnerId ?? (role === 'PARTNER' ? 1 : null) })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert returned nothing');
  return signInUser(context, { id: user.id, role });
}

/** A new session (and token) of an existing user, as if they signed in on another device. */
export async function signInUser(
  context: AppContext,
  user: { id: number; role: Role },
): Promise<SignedInTestUser> {
  const session = await context.tokens.openSession(user.id);
  const token = await context.tokens.issueAccessToken({
    userId: user.id,
    sessionId: session.id,
    role: user.role,
  });
  return { userId: user.id, sessionId: session.id, token, headers: { authorization: `Bearer ${token}` } };
}
