import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { signInAs } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { accessFromSecurity } from './authorize';

describe('reading who may call an operation from its security', () => {
  it('understands the four forms the contract uses', () => {
    expect(accessFromSecurity([], 'op')).toMatchObject({ isPublic: true });
    expect(accessFromSecurity([{}, { bearerAuth: [] }], 'op')).toEqual({
      isPublic: false,
      allowsAnonymous: true,
      roles: 'any',
    });
    expect(accessFromSecurity([{ bearerAuth: [] }], 'op')).toEqual({
      isPublic: false,
      allowsAnonymous: false,
      roles: 'any',
    });
    expect(accessFromSecurity([{ bearerAuth: ['ADMIN', 'MANAGER'] }], 'op').roles).toEqual([
      'ADMIN',
      'MANAGER',
    ]);
  });

  it('refuses to start with an unknown scheme or role rather than guess', () => {
    expect(() => accessFromSecurity([{ apiKey: [] }], 'op')).toThrow(/unknown security/);
    expect(() => accessFromSecurity([{ bearerAuth: ['ROOT'] }], 'op')).toThrow(/unknown role/);
  });
});

describe('authorization before validation', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  const listPoints = (headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url: '/api/point', headers });

  it('answers 401 in the error schema to a protected call without a token', async () => {
    const response = await listPoints();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Требуется авторизация' });
  });

  it('answers 401, not 400, to an anonymous broken body: nothing is said about the body', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/point', payload: { name: 42 } });
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 to a customer on a staff operation, before looking at the body', async () => {
    const customer = await signInAs(server.context, 'USER');
    expect((await listPoints(customer.headers)).statusCode).toBe(403);
    const broken = await server.app.inject({
      method: 'PUT',
      url: '/api/form-settings/document',
      headers: customer.headers,
      payload: { nonsense: true },
    });
    expect(broken.statusCode).toBe(403);
    expect(broken.json().code).toBe('FORBIDDEN');
  });

  it('lets the roles the contract lists through', async () => {
    const manager = await signInAs(server.context, 'MANAGER');
    expect((await listPoints(manager.headers)).statusCode).toBe(200);
  });

  it('ends a token when its session is revoked', async () => {
    const admin = await signInAs(server.context, 'ADMIN');
    expect((await listPoints(admin.headers)).statusCode).toBe(200);
    await server.context.tokens.revokeSession(admin.sessionId);
    expect((await listPoints(admin.headers)).statusCode).toBe(401);
  });

  it('ends a token when its user is blocked or given another role', async () => {
    const blocked = await signInAs(server.context, 'ADMIN');
    await server.context.db.update(users).set({ isBlocked: true }).where(eq(users.id, blocked.userId));
    expect((await listPoints(blocked.headers)).statusCode).toBe(401);
    const demoted = await signInAs(server.context, 'ADMIN');
    await server.context.db.update(users).set({ role: 'USER' }).where(eq(users.id, demoted.userId));
    expect((await listPoints(demoted.headers)).statusCode).toBe(401);
  });

  it('refuses forged, foreign and malformed tokens with 401', async () => {
    const admin = await signInAs(server.context, 'ADMIN');
    const [header, payload] = admin.token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const authorization of [
      `Bearer ${forged}`,
      'Bearer not-a-jwt',
      'Basic YWRtaW46YWRtaW4=',
      'Bearer',
    ]) {
      expect((await listPoints({ authorization })).statusCode).toBe(401);
    }
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expect((await listPoints({ authorization: `Bearer ${unsigned}` })).statusCode).toBe(401);
  });

  it('treats a bad token on a public operation with optional sign-in as no token', async () => {
    const response = await server.app.inject({
      url: '/api/point/1',
      headers: { authorization: 'Bearer junk' },
    });
    expect(response.statusCode).toBe(200);
  });
});
