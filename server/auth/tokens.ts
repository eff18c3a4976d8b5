/**
 * Sessions and access tokens (docs/decisions/0004). A token is an HS256 JWT naming its user
 * (sub), session (sid) and role, and lives one hour; the session row behind it lives 30 days
 * from its last refresh and 90 days at most. Every request loads the session, so signing out,
 * blocking a user or changing their role ends their tokens at once, not when they expire.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { decodeJwt, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { isRole, type Role } from '../../src/domain/roles';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';

/** Short, because a token cannot be recalled from a device; refresh takes an expired one. */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
/** A session ends this long after its last refresh (sign-in counts as one)… */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** …and this long after the sign-in, however often it is refreshed. */
export const SESSION_MAX_MS = 90 * 24 * 60 * 60 * 1000;
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

export interface VerifyOptions {
  /**
   * Take a token whose exp has passed (refresh only). Everything else is still checked: the
   * algorithm, the signature, issuer, audience, type and claims.
   */
  allowExpired?: boolean;
}

export interface TokenService {
  issueAccessToken(claims: AccessClaims): Promise<string>;
  /** Null for anything not a valid (and, unless allowed, unexpired) access token of this server. */
  verifyAccessToken(token: string, options?: VerifyOptions): Promise<AccessClaims | null>;
  openSession(
    userId: number,
    client?: { userAgent?: string; ip?: string },
  ): Promise<{ id: string; expiresAt: Date }>;
  /** Moves a live session's end to 30 days from now (never past 90 days from sign-in); null if dead. */
  extendSession(sessionId: string): Promise<Date | null>;
  revokeSession(sessionId: string): Promise<void>;
  revokeUserSessions(userId: number): Promise<void>;
  /** Token → live session → unblocked user with the token's role, or null. */
  authenticate(token: string, options?: VerifyOptions): Promise<SignedInUser | null>;
}

/** Ends every live session of the user; takes a transaction so it commits with the change behind it. */
export async function revokeUserSessions(db: Database, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** One second before the token's own exp: jose then checks everything but the expiry. */
function justBeforeExpiry(token: string): Date | undefined {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? new Date((exp - 1) * 1000) : undefined;
  } catch {
    return undefined;
  }
}

export function createTokenService(db: Database, secret: string): TokenService {
  const key = new TextEncoder().encode(secret);

  async function verifyAccessToken(token: string, options: VerifyOptions = {}): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        typ: 'JWT',
        requiredClaims: ['sub', 'sid', 'exp', 'iat', 'typ'],
        ...(options.allowExpired && { currentDate: justBeforeExpiry(token) }),
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

  const sessionEnd = (now: Date) =>
    sql`least(${new Date(now.getTime() + SESSION_IDLE_MS).toISOString()}::timestamptz, ${sessions.createdAt} + ${`${SESSION_MAX_MS / 1000} seconds`}::interval)`;

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
      const now = new Date();
      const [session] = await db
        .insert(sessions)
        .values({
          userId,
          createdAt: now,
          lastSeenAt: now,
          expiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
          userAgent: client.userAgent?.slice(0, 500) ?? null,
          ip: client.ip ?? null,
        })
        .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
      if (!session) throw new Error('session insert returned nothing');
      return session;
    },

    async extendSession(sessionId) {
      const now = new Date();
      const [session] = await db
        .update(sessions)
        .set({ expiresAt: sessionEnd(now), lastSeenAt: now })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
        .returning({ expiresAt: sessions.expiresAt });
      return session?.expiresAt ?? null;
    },

    async revokeSession(sessionId) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    revokeUserSessions: (userId) => revokeUserSessions(db, userId),

    async authenticate(token, options) {
      const claims = await verifyAccessToken(token, options);
      if (!claims) return null;
      const [row] = await db
        .select({
          id: users.id,
          role: users.role,
          email: users.email,
          partnerId: users.partnerId,
          isBlocked: users.isBlocked,
          erasedAt: users.erasedAt,
          sessionUserId: sessions.userId,
          createdAt: sessions.createdAt,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
          lastSeenAt: sessions.lastSeenAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, claims.sessionId));
      const now = Date.now();
      if (!row || row.sessionUserId !== claims.userId || row.revokedAt) return null;
      if (row.expiresAt.getTime() <= now || row.createdAt.getTime() + SESSION_MAX_MS <= now) return null;
      // The role in the token must still be the user's role: a changed role needs a new sign-in.
      if (row.isBlocked || row.role !== claims.role) return null;
      // An erased account is a nameless shell: its sessions were deleted, and none may be made again.
      if (row.erasedAt) return null;
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
