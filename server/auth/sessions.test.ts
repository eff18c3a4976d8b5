/**
 * Tokens and sessions (docs/decisions/0004): a one-hour token on a 30-day idle, 90-day absolute
 * session; refresh takes an expired token while the session lives, nothing else does; signing
 * out, blocking and changes to who a user is end their sessions at once.
 */
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import { accessFromSecurity } from '../http/authorize';
import { listOperations, loadContract } from '../http/contract';
import { type SignedInTestUser, signInAs } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { ACCESS_TOKEN_TTL_SECONDS, SESSION_IDLE_MS, SESSION_MAX_MS } from './tokens';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const DAY = 24 * 60 * 60 * 1000;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A token as the server signs them, but issued two hours ago (so expired an hour ago). */
async function expiredToken(caller: SignedInTestUser, role = 'USER', claims: Record<string, unknown> = {}) {
  const issuedAt = Math.floor(Date.now() / 1000) - 2 * 60 * 60;
  return new SignJWT({
    sid: caller.sessionId,
    role,
    typ: 'access',
    sub: String(caller.userId),
    iss: 'perevod-server',
    aud: 'perevod-api',
    iat: issuedAt,
    exp: issuedAt + ACCESS_TOKEN_TTL_SECONDS,
    ...claims,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(server.context.config.jwtSecret as string));
}

const refresh = (token: string) =>
  server.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: bearer(token) });
const session = (token: string) => server.app.inject({ url: '/api/auth/session', headers: bearer(token) });

describe('access tokens', () => {
  it('live one hour', async () => {
    const caller = await signInAs(server.context, 'USER');
    const [, payload] = caller.token.split('.');
    const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(60 * 60);
    expect(claims).toMatchObject({ iss: 'perevod-server', aud: 'perevod-api', typ: 'access', role: 'USER' });
  });

  it('are refused by every operation when expired, except refresh, which answers a new one', async () => {
    const caller = await signInAs(server.context, 'ADMIN');
    const expired = await expiredToken(caller, 'ADMIN');
    // Logout takes an expired token too, and would end this session: it has its own test below.
    const protectedOperations = listOperations(loadContract()).filter(
      (op) =>
        !accessFromSecurity(op.security, op.operationId).allowsAnonymous && op.operationId !== 'authLogout',
    );
    expect(protectedOperations.length).toBeGreaterThan(60);
    const accepted: string[] = [];
    for (const op of protectedOperations) {
      const url = op.path.replace(/\{[^}]+\}/g, '1');
      const answer = await server.app.inject({
        method: op.method.toUpperCase() as 'GET',
        url,
        headers: bearer(expired),
      });
      if (answer.statusCode !== 401) accepted.push(`${op.operationId} → ${answer.statusCode}`);
    }
    expect(accepted).toEqual(['authRefresh → 200']);

    const fresh = (await refresh(expired)).json().token;
    expect((await session(fresh)).statusCode).toBe(200);
  });

  it('expired, still need the right signature, issuer, audience and type to be refreshed', async () => {
    const caller = await signInAs(server.context, 'USER');
    const forgedSignature = `${(await expiredToken(caller)).split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`;
    for (const token of [
      forgedSignature,
      await expiredToken(caller, 'USER', { typ: 'refresh' }),
      await expiredToken(caller, 'USER', { iss: 'someone-else' }),
      await expiredToken(caller, 'USER', { aud: 'another-api' }),
      await expiredToken(caller, 'ADMIN'),
    ]) {
      expect((await refresh(token)).statusCode).toBe(401);
    }
  });
});

describe('sessions', () => {
  it('end at sign-out: the token is refused, and so is its refresh', async () => {
    const caller = await signInAs(server.context, 'USER');
    const out = await server.app.inject({ method: 'POST', url: '/api/auth/logout', headers: caller.headers });
    expect(out.statusCode).toBe(204);
    expect((await session(caller.token)).statusCode).toBe(401);
    expect((await session(caller.token)).json()).toEqual({
      code: 'UNAUTHORIZED',
      message: 'Требуется авторизация',
    });
    expect((await refresh(caller.token)).statusCode).toBe(401);
    expect((await refresh(await expiredToken(caller))).statusCode).toBe(401);
  });

  it('end at sign-out even when the app was idle past the token’s hour', async () => {
    const caller = await signInAs(server.context, 'USER');
    const expired = await expiredToken(caller);
    const out = await server.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(expired),
    });
    expect(out.statusCode).toBe(204);
    expect((await refresh(expired)).statusCode).toBe(401);
    expect((await session(caller.token)).statusCode).toBe(401);
  });

  it('end one device only: the same user’s other session goes on', async () => {
    const phone = await signInAs(server.context, 'USER');
    const laptopSession = await server.context.tokens.openSession(phone.userId);
    const laptop = await server.context.tokens.issueAccessToken({
      userId: phone.userId,
      sessionId: laptopSession.id,
      role: 'USER',
    });
    await server.app.inject({ method: 'POST', url: '/api/auth/logout', headers: phone.headers });
    expect((await session(laptop)).statusCode).toBe(200);
  });

  it('report AUTHORIZED with the user and when the session ends', async () => {
    const caller = await signInAs(server.context, 'PARTNER', { partnerId: 2 });
    const answer = (await session(caller.token)).json();
    expect(answer).toMatchObject({
      status: 'AUTHORIZED',
      user: { id: caller.userId, role: 'PARTNER', partnerId: 2 },
    });
    const endsIn = new Date(answer.expiresAt).getTime() - Date.now();
    expect(Math.abs(endsIn - SESSION_IDLE_MS)).toBeLessThan(60_000);
  });

  it('slide 30 days on refresh, never past 90 days from the sign-in', async () => {
    const caller = await signInAs(server.context, 'USER');
    const setSession = (values: Partial<typeof sessions.$inferInsert>) =>
      server.context.db.update(sessions).set(values).where(eq(sessions.id, caller.sessionId));

    // Signed in 10 days ago, idle end in 2 days: a refresh moves it to 30 days from now.
    await setSession({
      createdAt: new Date(Date.now() - 10 * DAY),
      expiresAt: new Date(Date.now() + 2 * DAY),
    });
    expect((await refresh(await expiredToken(caller))).statusCode).toBe(200);
    const [slid] = await server.context.db.select().from(sessions).where(eq(sessions.id, caller.sessionId));
    expect(Math.abs((slid?.expiresAt.getTime() ?? 0) - Date.now() - SESSION_IDLE_MS)).toBeLessThan(60_000);

    // Signed in 80 days ago: the refresh stops at the 90th day.
    const signedInAt = Date.now() - 80 * DAY;
    await setSession({ createdAt: new Date(signedInAt) });
    expect((await refresh(caller.token)).statusCode).toBe(200);
    const [capped] = await server.context.db.select().from(sessions).where(eq(sessions.id, caller.sessionId));
    expect(capped?.expiresAt.getTime()).toBe(signedInAt + SESSION_MAX_MS);

    // Past its end (idle or absolute), the session is gone: no refresh.
    await setSession({ expiresAt: new Date(Date.now() - 1000) });
    expect((await refresh(caller.token)).statusCode).toBe(401);
    await setSession({ createdAt: new Date(Date.now() - 91 * DAY), expiresAt: new Date(Date.now() + DAY) });
    expect((await refresh(caller.token)).statusCode).toBe(401);
  });

  it('end when an admin blocks the user, changes their role, partner or credentials', async () => {
    const admin = await signInAs(server.context, 'ADMIN');
    const changes: [string, (id: number) => object][] = [
      ['/api/user/block', (id) => ({ id, reason: 'проверка' })],
      ['/api/user/role', (id) => ({ id, role: 'MANAGER' })],
      ['/api/user/role-partner', (id) => ({ id, partnerId: 1 })],
      ['/api/user/set-credentials', (id) => ({ id, login: `login-${id}`, password: 'new-password-1' })],
    ];
    for (const [url, body] of changes) {
      const victim = await signInAs(server.context, 'USER');
      expect((await session(victim.token)).statusCode).toBe(200);
      const answer = await server.app.inject({
        method: 'POST',
        url,
        headers: admin.headers,
        payload: body(victim.userId),
      });
      expect(answer.statusCode, `${url} ${answer.body}`).toBe(200);
      expect((await session(victim.token)).statusCode, url).toBe(401);
      expect((await refresh(victim.token)).statusCode, url).toBe(401);
    }
  });
});
