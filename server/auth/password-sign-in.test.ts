/** Staff sign-in with login and password, its back-off, and what it never reveals. */
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits, users } from '../db/schema';
import { createUser } from '../test-support/fixtures';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { hashPassword } from './passwords';

let server: TestServer;
let address = 0;
beforeAll(async () => {
  server = await startTestServer();
  await createUser(server.context, {
    role: 'MANAGER',
    email: 'olga@example.ru',
    login: 'Olga.Manager',
    passwordHash: await hashPassword('right-password-1'),
  });
});
afterAll(() => server?.close());

const loginFrom = (body: { login: string; password: string }, remoteAddress = `198.51.100.${++address}`) =>
  server.app.inject({ method: 'POST', url: '/api/auth/login', payload: body, remoteAddress });

const login = (body: { login: string; password: string }) => loginFrom(body);

describe('sign-in with login and password', () => {
  it('takes the login or the email, whatever their case', async () => {
    for (const name of ['olga.manager', 'OLGA.MANAGER', 'Olga@Example.ru']) {
      const answer = await login({ login: name, password: 'right-password-1' });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({
        hash: null,
        user: { role: 'MANAGER', email: 'olga@example.ru' },
      });
    }
  });

  it('answers a wrong password, an unknown login and a user without a password the same', async () => {
    await createUser(server.context, { email: 'no-password@example.ru', role: 'MANAGER' });
    const expected = { code: 'INVALID_CREDENTIALS', message: 'Неверный логин или пароль' };
    for (const body of [
      { login: 'olga.manager', password: 'wrong-password' },
      { login: 'nobody-here', password: 'right-password-1' },
      { login: 'no-password@example.ru', password: 'anything' },
    ]) {
      const answer = await login(body);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual(expected);
    }
  });

  it('backs off after five tries for a login from one address, doubling the wait each time', async () => {
    const target = { login: 'olga.manager', password: 'guess' };
    const from = '198.51.100.250';
    const login = (body: { login: string; password: string }) => loginFrom(body, from);
    const pairKey = `login:pair:${from}:olga.manager`;
    await server.context.db.delete(rateLimits).where(like(rateLimits.key, 'login:%'));
    for (let i = 0; i < 5; i++) expect((await login(target)).statusCode).toBe(401);
    const blocked = await login({ login: 'olga.manager', password: 'right-password-1' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    const first = blocked.json().details.retryAfter;
    expect(first).toBeGreaterThan(25);
    expect(first).toBeLessThanOrEqual(30);

    // After the wait, another failure blocks for twice as long.
    await server.context.db.update(rateLimits).set({ blockedUntil: null }).where(eq(rateLimits.key, pairKey));
    expect((await login(target)).statusCode).toBe(401);
    const second = (await login(target)).json().details.retryAfter;
    expect(second).toBeGreaterThan(55);
    expect(second).toBeLessThanOrEqual(60);

    // A success after the wait clears the login's count.
    await server.context.db.update(rateLimits).set({ blockedUntil: null }).where(eq(rateLimits.key, pairKey));
    expect((await login({ login: 'olga.manager', password: 'right-password-1' })).statusCode).toBe(200);
    expect((await login(target)).statusCode).toBe(401);
  });

  it('backs off after twenty failures from one address, across logins', async () => {
    const from = '203.0.113.77';
    for (let i = 0; i < 20; i++)
      expect((await loginFrom({ login: `spray-${i}`, password: 'x' }, from)).statusCode).toBe(401);
    expect((await loginFrom({ login: 'spray-21', password: 'x' }, from)).statusCode).toBe(429);
  });

  it('tells a blocked user the reason only when the password is right', async () => {
    const user = await createUser(server.context, {
      role: 'ADMIN',
      login: 'blocked.admin',
      passwordHash: await hashPassword('right-password-2'),
    });
    await server.context.db
      .update(users)
      .set({ isBlocked: true, blockReason: 'уволен' })
      .where(eq(users.id, user.id));
    expect((await login({ login: 'blocked.admin', password: 'wrong' })).statusCode).toBe(401);
    const answer = await login({ login: 'blocked.admin', password: 'right-password-2' });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ code: 'USER_BLOCKED', message: 'Доступ заблокирован: уволен' });
  });
});
