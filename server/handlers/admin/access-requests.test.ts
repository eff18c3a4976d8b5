/** Back-office access requests from the requester's side and the ADMIN's, with their emails. */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_ALPHABETS } from '../../auth/passwords';
import { users } from '../../db/schema';
import { waitForEmail } from '../../test-support/outbox';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let admin: SignedInTestUser;
beforeAll(async () => {
  server = await startTestServer({
    env: { PUBLIC_URL: 'https://perevod.example.ru', PAYMENTS_DEMO: 'true' },
  });
  admin = await signInAs(server.context, 'ADMIN');
});
afterAll(() => server?.close());

async function requestAccess(email: string) {
  const requester = await signInAs(server.context, 'USER', { email });
  const answer = await server.app.inject({
    method: 'POST',
    url: '/api/auth/request-access',
    headers: requester.headers,
    payload: { email, name: 'Анна Смирнова', reason: 'Новый менеджер офиса' },
  });
  return { requester, answer };
}

const session = (caller: SignedInTestUser) =>
  server.app.inject({ url: '/api/auth/session', headers: caller.headers });

describe('access requests', () => {
  it('are made by a signed-in user, once per email while pending', async () => {
    const { requester, answer } = await requestAccess('wants-access@example.ru');
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({
      email: 'wants-access@example.ru',
      status: 'PENDING',
      userId: requester.userId,
      decidedAt: null,
    });
    const again = await server.app.inject({
      method: 'POST',
      url: '/api/auth/request-access',
      headers: requester.headers,
      payload: { email: 'Wants-Access@example.ru', name: 'Анна', reason: 'Ещё раз' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'ACCESS_REQUEST_EXISTS',
      message: 'Этот email уже ожидает рассмотрения или уже имеет доступ',
    });
  });

  it('are refused to someone who already has a staff role', async () => {
    const manager = await signInAs(server.context, 'MANAGER', { email: 'already-staff@example.ru' });
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/auth/request-access',
      headers: manager.headers,
      payload: { email: 'already-staff@example.ru', name: 'Олег', reason: 'Нужен доступ' },
    });
    expect(answer.json().code).toBe('ACCESS_REQUEST_EXISTS');
  });

  it('are listed pending first', async () => {
    const { answer } = await requestAccess('to-reject-first@example.ru');
    await server.app.inject({
      method: 'POST',
      url: `/api/admin/access-requests/${answer.json().id}/reject`,
      headers: admin.headers,
      payload: { reason: 'Нет' },
    });
    await requestAccess('pending-later@example.ru');
    const list = (
      await server.app.inject({ url: '/api/admin/access-requests', headers: admin.headers })
    ).json();
    const statuses = list.map((r: { status: string }) => r.status);
    expect(statuses.indexOf('REJECTED')).toBeGreaterThan(statuses.lastIndexOf('PENDING'));
    const rejected = (
      await server.app.inject({ url: '/api/admin/access-requests?status=REJECTED', headers: admin.headers })
    ).json();
    expect(rejected.every((r: { status: string }) => r.status === 'REJECTED')).toBe(true);
  });

  it('approved: the requester gets the role and login, their sessions end, and they are emailed', async () => {
    const { requester, answer } = await requestAccess('approve-me@example.ru');
    const approved = await server.app.inject({
      method: 'POST',
      url: `/api/admin/access-requests/${answer.json().id}/approve`,
      headers: admin.headers,
      payload: { login: 'anna.manager', role: 'MANAGER' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'APPROVED', rejectReason: null });
    const [user] = await server.context.db.select().from(users).where(eq(users.id, requester.userId));
    expect(user).toMatchObject({ role: 'MANAGER', login: 'anna.manager' });
    expect((await session(requester)).statusCode).toBe(401);
    const email = await waitForEmail(server.context.config.dataDir, {
      to: 'approve-me@example.ru',
      template: 'access-approved',
    });
    expect(email.subject).toBe('Доступ к рабочему кабинету открыт');
    expect(email.text).toContain('Роль: Менеджер. Логин: anna.manager.');
    expect(email.text).toContain('https://perevod.example.ru/login');

    const twice = await server.app.inject({
      method: 'POST',
      url: `/api/admin/access-requests/${answer.json().id}/approve`,
      headers: admin.headers,
      payload: { login: 'anna.manager', role: 'MANAGER' },
    });
    expect(twice.json()).toEqual({ code: 'ACCESS_REQUEST_DECIDED', message: 'Заявка уже рассмотрена' });
  });

  it("use the account's own email: a customer cannot have another address's account made staff", async () => {
    const victim = await signInAs(server.context, 'USER', { email: 'victim@example.ru' });
    const attacker = await signInAs(server.context, 'USER', { email: 'attacker@example.ru' });
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/auth/request-access',
      headers: attacker.headers,
      payload: { email: 'victim@example.ru', name: 'Не я', reason: 'Проверка' },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ email: 'attacker@example.ru', userId: attacker.userId });
    const listed = (
      await server.app.inject({ url: '/api/admin/access-requests?status=PENDING', headers: admin.headers })
    ).json();
    const shown = listed.find((r: { id: number }) => r.id === answer.json().id);
    expect(shown).toMatchObject({ email: 'attacker@example.ru', userId: attacker.userId });

    const approved = await server.app.inject({
      method: 'POST',
      url: `/api/admin/access-requests/${answer.json().id}/approve`,
      headers: admin.headers,
      payload: { login: 'attacker.login', role: 'MANAGER' },
    });
    expect(approved.json()).toMatchObject({ email: 'attacker@example.ru', status: 'APPROVED' });
    const roles = await server.context.db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(inArray(users.id, [victim.userId, attacker.userId]));
    expect(Object.fromEntries(roles.map((u) => [u.id, u.role]))).toEqual({
      [victim.userId]: 'USER',
      [attacker.userId]: 'MANAGER',
    });
  });

  it("answer the same whoever's email is typed, so they do not tell who is staff", async () => {
    await signInAs(server.context, 'MANAGER', { email: 'hidden-staff@example.ru' });
    const answers = [];
    for (const [i, typed] of ['hidden-staff@example.ru', 'nobody-at-all@example.ru', undefined].entries()) {
      const own = `prober-${i}@example.ru`;
      const customer = await signInAs(server.context, 'USER', { email: own });
      const answer = await server.app.inject({
        method: 'POST',
        url: '/api/auth/request-access',
        headers: customer.headers,
        payload: { ...(typed && { email: typed }), name: 'Клиент', reason: 'Хочу доступ' },
      });
      answers.push({ status: answer.statusCode, email: answer.json().email, own });
    }
    for (const answer of answers) expect(answer).toEqual({ status: 201, email: answer.own, own: answer.own });
  });

  it('cannot be approved with a login another user has', async () => {
    const { answer } = await requestAccess('login-clash@example.ru');
    const clash = await server.app.inject({
      method: 'POST',
      url: `/api/admin/access-requests/${answer.json().id}/approve`,
      headers: admin.headers,
      payload: { login: 'ADMIN@perevod.local', role: 'MANAGER' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('LOGIN_TAKEN');
  });

  it('rejected: the requester is emailed the reason', async () => {
    const { requester, answer } = await requestAccess('reject-me@example.ru');
    const rejected = await server.app.inject({
      method: 'POST',
      url: `/api/admin/access-requests/${answer.json().id}/reject`,
      headers: admin.headers,
      payload: { reason: 'Доступ выдаётся только сотрудникам бюро' },
    });
    expect(rejected.json()).toMatchObject({
      status: 'REJECTED',
      rejectReason: 'Доступ выдаётся только сотрудникам бюро',
    });
    expect((await session(requester)).statusCode).toBe(200);
    const email = await waitForEmail(server.context.config.dataDir, {
      to: 'reject-me@example.ru',
      template: 'access-rejected',
    });
    expect(email.text).toContain('Причина: Доступ выдаётся только сотрудникам бюро');
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/admin/access-requests/999999/reject',
          headers: admin.headers,
          payload: { reason: 'Нет' },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('generated passwords', () => {
  const generate = (query = '') =>
    server.app.inject({ url: `/api/admin/generate-password${query}`, headers: admin.headers });

  it('are 12 characters by default, 8 to 64 on request, and mix every kind of character', async () => {
    expect((await generate()).json().password).toHaveLength(12);
    for (const length of [8, 20, 64]) {
      for (let i = 0; i < 20; i++) {
        const { password } = (await generate(`?length=${length}`)).json();
        expect(password).toHaveLength(length);
        for (const alphabet of Object.values(PASSWORD_ALPHABETS)) {
          expect(
            [...password].some((c) => alphabet.includes(c)),
            `${password} lacks one of ${alphabet}`,
          ).toBe(true);
        }
        expect(password).toMatch(/^[a-km-zA-HJ-NP-Z2-9!#%+\-=?@]+$/);
      }
    }
    expect((await generate('?length=7')).statusCode).toBe(400);
    expect((await generate('?length=65')).statusCode).toBe(400);
  });

  it('differ every time', async () => {
    const passwords = new Set<string>();
    for (let i = 0; i < 50; i++) passwords.add((await generate()).json().password);
    expect(passwords.size).toBe(50);
  });
});
