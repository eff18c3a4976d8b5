/**
 * Staff change their own email and password from /profile: a new email only with the code sent
 * to it, a new password only with the current one; each change is in their history, and a wrong
 * code or password never reads as a session ended (no 401).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../auth/passwords';
import { users } from '../../db/schema';
import { createUser } from '../../test-support/fixtures';
import { waitForEmail } from '../../test-support/outbox';
import { type SignedInTestUser, signInAs, signInUser } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const call = (user: SignedInTestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: user.headers, payload });
const codeIn = (text: string) => /Код подтверждения: (\d{6})/.exec(text)?.[1] as string;

describe("a staff user's email", () => {
  it('changes only with the code sent to the new address, and the change is in the history', async () => {
    const manager = await signInAs(server.context, 'MANAGER', { email: 'old.manager@example.ru' });
    const asked = await call(manager, 'POST', '/api/profile/email/request-code', {
      email: 'New.Manager@Example.ru',
    });
    expect(asked.json()).toEqual({
      success: true,
      message: 'Код отправлен на new.manager@example.ru',
      resendAfter: 60,
    });
    const email = await waitForEmail(server.context.config.dataDir, {
      to: 'new.manager@example.ru',
      template: 'email-change-code',
    });
    const code = codeIn(email.text);
    const wrong = await call(manager, 'POST', '/api/profile/email', {
      email: 'new.manager@example.ru',
      code: code === '000000' ? '000001' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('INVALID_CODE');
    const done = await call(manager, 'POST', '/api/profile/email', { email: 'new.manager@example.ru', code });
    expect(done.statusCode).toBe(200);
    expect(done.json().profile.email).toBe('new.manager@example.ru');
    // The code is used once.
    expect(
      (await call(manager, 'POST', '/api/profile/email', { email: 'new.manager@example.ru', code }))
        .statusCode,
    ).toBe(422);

    const admin = await signInAs(server.context, 'ADMIN');
    const history = (await call(admin, 'GET', `/api/user/${manager.userId}/history`)).json();
    expect(history[0]).toMatchObject({
      field: 'EMAIL',
      oldValue: 'old.manager@example.ru',
      newValue: 'new.manager@example.ru',
      actorEmail: 'old.manager@example.ru',
      actorRole: 'MANAGER',
    });
  });

  it('is refused when another account has it, and to customers', async () => {
    await createUser(server.context, { email: 'someone.else@example.ru' });
    const partner = await signInAs(server.context, 'PARTNER');
    const taken = await call(partner, 'POST', '/api/profile/email/request-code', {
      email: 'Someone.Else@example.ru',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: 'EMAIL_TAKEN',
      message: 'Этот email уже занят другой учётной записью',
    });
    const customer = await signInAs(server.context, 'USER');
    expect(
      (await call(customer, 'POST', '/api/profile/email/request-code', { email: 'free@example.ru' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('email change codes', () => {
  const ask = (user: SignedInTestUser, email: string, ip: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/profile/email/request-code',
      headers: user.headers,
      payload: { email },
      remoteAddress: ip,
    });

  it('are limited per account: a partner cannot mail codes to any number of outside addresses', async () => {
    const partner = await signInAs(server.context, 'PARTNER', { email: 'spam.partner@example.ru' });
    const answers = [];
    for (let i = 0; i < 8; i++)
      answers.push(await ask(partner, `victim${i}@outside.example`, `198.51.100.${i}`));
    expect(answers.slice(0, 5).map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const refused = answers[5];
    expect(refused?.statusCode).toBe(429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused?.json().message).toMatch(/^Слишком много кодов для смены email за час\. Повторите через/);
  });

  it('are limited per address the code goes to, whichever accounts ask', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const manager = await signInAs(server.context, 'MANAGER', { email: `asker${i}@example.ru` });
      answers.push(await ask(manager, 'one.victim@outside.example', `203.0.113.${i}`));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers[3]?.headers['retry-after']).toBeDefined();
    expect(answers[3]?.json().message).toMatch(/^На этот адрес уже отправлено несколько кодов/);
  });
});

describe("a staff user's password", () => {
  it('changes with the current one; their other sessions end, this one stays', async () => {
    const manager = await signInAs(server.context, 'MANAGER');
    await server.context.db
      .update(users)
      .set({ login: `pw-${manager.userId}`, passwordHash: await hashPassword('Old-pass-123') })
      .where(eq(users.id, manager.userId));
    const otherDevice = await signInUser(server.context, { id: manager.userId, role: 'MANAGER' });

    const wrong = await call(manager, 'POST', '/api/profile/password', {
      currentPassword: 'not-it-123',
      newPassword: 'New-pass-456',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual({ fields: { currentPassword: 'Текущий пароль введён неверно' } });

    const changed = await call(manager, 'POST', '/api/profile/password', {
      currentPassword: 'Old-pass-123',
      newPassword: 'New-pass-456',
    });
    expect(changed.statusCode).toBe(204);
    expect((await call(manager, 'GET', '/api/profile')).statusCode).toBe(200);
    expect((await call(otherDevice, 'GET', '/api/profile')).statusCode).toBe(401);
    const signIn = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: `pw-${manager.userId}`, password: 'New-pass-456' },
    });
    expect(signIn.statusCode).toBe(200);
    const profile = (await call(manager, 'GET', '/api/profile')).json().profile;
    expect(profile.hasPassword).toBe(true);
  });

  it('cannot be set here by an account without one', async () => {
    const partner = await signInAs(server.context, 'PARTNER');
    const answer = await call(partner, 'POST', '/api/profile/password', {
      currentPassword: 'anything',
      newPassword: 'New-pass-456',
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().code).toBe('NO_PASSWORD');
  });
});
