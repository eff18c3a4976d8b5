/** Parallel guessing bursts against password sign-in: the count of argon2 checks is what matters. */
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rateLimits } from '../db/schema';
import { createUser } from '../test-support/fixtures';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { ADDRESS_BACKOFF, LOGIN_BACKOFF, PAIR_BACKOFF } from './password-sign-in';
import { hashPassword } from './passwords';

const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('./passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('./passwords')>();
  return {
    ...original,
    verifyPasswordOrDummy: (hash: string | null, password: string) => {
      checks.count++;
      return original.verifyPasswordOrDummy(hash, password);
    },
  };
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await createUser(server.context, {
    role: 'MANAGER',
    email: 'irina@example.ru',
    login: 'irina',
    passwordHash: await hashPassword('right-password-1'),
  });
});
afterAll(() => server?.close());
beforeEach(async () => {
  await server.context.db.delete(rateLimits).where(like(rateLimits.key, 'login:%'));
  checks.count = 0;
});

const login = (password: string, remoteAddress: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { login: 'irina', password },
    remoteAddress,
  });
const statuses = (answers: { statusCode: number }[]) =>
  answers.reduce<Record<number, number>>((all, { statusCode }) => {
    all[statusCode] = (all[statusCode] ?? 0) + 1;
    return all;
  }, {});

describe('parallel password guesses', () => {
  it('checks at most the per-login ceiling of 100 guesses from 100 addresses; the right one last is slowed', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        login(i === 99 ? 'right-password-1' : `guess-${i}`, `203.0.113.${i + 1}`),
      ),
    );
    expect(checks.count).toBeLessThanOrEqual(LOGIN_BACKOFF.threshold);
    expect(statuses(answers)).toEqual({ 401: LOGIN_BACKOFF.threshold, 429: 100 - LOGIN_BACKOFF.threshold });
    const last = answers[99];
    expect(last?.statusCode).toBe(429);
    expect(last?.json().code).toBe('RATE_LIMITED');
    const retryAfter = last?.json().details.retryAfter;
    expect(retryAfter).toBeGreaterThan(25);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(last?.headers['retry-after']).toBe(String(retryAfter));
  });

  it('checks at most 20 of 150 guesses from one address', async () => {
    const logins = Array.from({ length: 150 }, (_, i) =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login: `someone-${i}`, password: 'guess' },
        remoteAddress: '192.0.2.77',
      }),
    );
    const answers = await Promise.all(logins);
    expect(checks.count).toBe(ADDRESS_BACKOFF.threshold);
    expect(statuses(answers)).toEqual({ 401: 20, 429: 130 });
  });

  it('checks at most 5 of 50 guesses for one login from one address', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => login('guess', '192.0.2.88')));
    expect(checks.count).toBe(PAIR_BACKOFF.threshold);
    expect(statuses(answers)).toEqual({ 401: 5, 429: 45 });
  });

  it("lets the owner in from his own address after a stranger's failures", async () => {
    for (let i = 0; i < 6; i++) await login('guess', '192.0.2.99');
    expect((await login('right-password-1', '192.0.2.99')).statusCode).toBe(429);
    const owner = await login('right-password-1', '198.51.100.10');
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it("does not let an office's own sign-ins use up its address's room", async () => {
    for (let i = 0; i < ADDRESS_BACKOFF.threshold + 5; i++) {
      expect((await login('right-password-1', '192.0.2.50')).statusCode).toBe(200);
    }
    expect((await login('guess', '192.0.2.50')).statusCode).toBe(401);
  });
});
