/**
 * Sessions and access tokens. A token is an HS256 JWT naming its user (sub), session (sid) and
 * role; every request also loads the session row, so signing out, blocking a user or changing
 * their role ends their tokens at once, not when they expire.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { isRole, type Role } from '../../src/domain/roles';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';

/** Longer than the app's 4-hour refresh check, so an active user never meets an expired token. */
export const ACCESS_TOKEN_TTL_SECONDS = 24 * 60 * 60;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, not on every request. */
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

const ISSUER = 'perevod-server';
const AUDIENCE = 'perevod-api';
const TOKEN_TYPE = 'access';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccessClaims {
  userId: number;
  sessionId: string;
  role: Role;
}

/** The signed-in caller as handlers see it (request.user). */
export interface SignedInUser {
  id: number;
  role: Role;
  email: string | null;
  partnerId: number | null;
  sessionId: string;
  sessionExpiresAt: Date;
}

export interface TokenService {
  issueAccessToken(claims: AccessClaims): Promise<string>;
  /** Null for anything not a valid, unexpired access token of this server. */
  verifyAccessToken(token: string): Promise<AccessClaims | null>;
  openSession(
    userId: number,
    client?: { userAgent?: string; ip?: string },
  ): Promise<{ id: string; expiresAt: Date }>;
  revokeSession(sessionId: string): Promise<void>;
  revokeUserSessions(userId: number): Promise<void>;
  /** Token → live session → unblocked user, or null. */
  authenticate(token: string): Promise<SignedInUser | null>;
}

export function createTokenService(db: Database, secret: string): TokenService {
  const key = new TextEncoder().encode(secret);

  async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'sid', 'exp', 'typ'],
      });
      const userId = Number(payload.sub);
      if (payload.typ !== TOKEN_TYPE || !Number.isSafeInteger(userId) || userId < 1) return null;
      if (typeof payload.sid !== 'string' || !UUID.test(payload.sid) || !isRole(payload.role)) return null;
      return { userId, sessionId: payload.sid, role: payload.role };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }

  return {
    issueAccessToken: ({ userId, sessionId, role }) =>
      new SignJWT({ sid: sessionId, role, typ: TOKEN_TYPE })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key),

    verifyAccessToken,

    async openSession(userId, client = {}) {
      const [session] = await db
        .insert(sessions)
        .values({
          userId,
          expiresAt: new Date(Date.now() + SESSION_TTL_MS),
          userAgent: client.userAgent?.slice(0, 500) ?? null,
          ip: client.ip ?? null,
        })
        .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
      if (!session) throw new Error('session insert returned nothing');
      return session;
    },

    async revokeSession(sessionId) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    async revokeUserSessions(userId) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    async authenticate(token) {
      const claims = await verifyAccessToken(token);
      if (!claims) return null;
      const [row] = await db
        .select({
          id: users.id,
          role: users.role,
          email: users.email,
          partnerId: users.partnerId,
          isBlocked: users.isBlocked,
          sessionUserId: sessions.userId,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
          lastSeenAt: sessions.lastSeenAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, claims.sessionId));
      const now = Date.now();
      if (!row || row.sessionUserId !== claims.userId || row.revokedAt || row.expiresAt.getTime() <= now)
        return null;
      // The role in the token must still be the user's role: a changed role needs a new sign-in.
      if (row.isBlocked || row.role !== claims.role) return null;
      if (now - row.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
        await db
          .update(sessions)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(sessions.id, claims.sessionId));
      }
      return {
        id: row.id,
        role: row.role,
        email: row.email,
        partnerId: row.partnerId,
        sessionId: claims.sessionId,
        sessionExpiresAt: row.expiresAt,
      };
    },
  };
}
