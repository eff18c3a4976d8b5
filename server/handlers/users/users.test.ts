/** User administration by an ADMIN. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../db/schema';
import { createOrder, createUser } from '../../test-support/fixtures';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let admin: SignedInTestUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAs(server.context, 'ADMIN');
});
afterAll(() => server?.close());

const post = (url: string, payload: object) =>
  server.app.inject({ method: 'POST', url, headers: admin.headers, payload });

describe('the user list', () => {
  it('filters by role and searches email, login, names and phone; pages with a total', async () => {
    await createUser(server.context, { email: 'search-me@example.ru' });
    await server.context.db
      .update(users)
      .set({ firstName: 'Зинаида', lastName: 'Поисковая', phoneNumber: '+7 999 000-11-22' })
      .where(eq(users.email, 'search-me@example.ru'));
    const list = (query: string) =>
      server.app.inject({ url: `/api/user/list?${query}`, headers: admin.headers }).then((r) => r.json());
    for (const search of ['SEARCH-ME', 'зинаида поиск', '000-11']) {
      const page = await list(`search=${encodeURIComponent(search)}`);
      expect(
        page.items.map((u: { email: string }) => u.email),
        search,
      ).toEqual(['search-me@example.ru']);
    }
    expect((await list('search=%25')).total).toBe(0);
    const admins = await list('role=ADMIN&limit=1');
    expect(admins).toMatchObject({ limit: 1, offset: 0 });
    expect(admins.total).toBeGreaterThanOrEqual(2);
    expect(admins.items).toHaveLength(1);
    expect(admins.items[0]).toMatchObject({ role: 'ADMIN', isBlocked: false });
    expect(admins.items[0].createdAt).toMatch(/Z$/);
  });
});

describe('changing users', () => {
  it('sets a role; a non-PARTNER role clears the partner', async () => {
    const user = await createUser(server.context, { role: 'PARTNER', partnerId: 1 });
    const answer = await post('/api/user/role', { id: user.id, role: 'MANAGER' });
    expect(answer.json()).toMatchObject({ id: user.id, role: 'MANAGER', partnerId: null });
  });

  it('makes a PARTNER of a partner; an unknown partner or user is 404', async () => {
    const user = await createUser(server.context);
    expect((await post('/api/user/role-partner', { id: user.id, partnerId: 2 })).json()).toMatchObject({
      role: 'PARTNER',
      partnerId: 2,
    });
    expect((await post('/api/user/role-partner', { id: user.id, partnerId: 9999 })).statusCode).toBe(404);
    expect((await post('/api/user/role', { id: 999999, role: 'USER' })).statusCode).toBe(404);
  });

  it('blocks with a reason and unblocks', async () => {
    const user = await createUser(server.context);
    expect(
      (await post('/api/user/block', { id: user.id, reason: 'Подозрительная активность' })).json(),
    ).toMatchObject({
      isBlocked: true,
      blockReason: 'Подозрительная активность',
    });
    expect((await post('/api/user/unblock', { id: user.id })).json()).toMatchObject({
      isBlocked: false,
      blockReason: null,
    });
  });

  it('sets credentials the user can sign in with; a taken login or another user’s email is 409', async () => {
    const user = await createUser(server.context, { role: 'MANAGER' });
    const set = await post('/api/user/set-credentials', {
      id: user.id,
      login: 'Petr.Manager',
      password: 'Xk7-pQ2m-vR9t',
    });
    expect(set.json()).toMatchObject({ login: 'Petr.Manager' });
    const [row] = await server.context.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const signIn = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'petr.manager', password: 'Xk7-pQ2m-vR9t' },
    });
    expect(signIn.statusCode).toBe(200);

    await createUser(server.context, { email: 'taken-email@example.ru' });
    const other = await createUser(server.context);
    for (const login of ['PETR.MANAGER', 'Taken-Email@example.ru']) {
      const taken = await post('/api/user/set-credentials', {
        id: other.id,
        login,
        password: 'another-pass-1',
      });
      expect(taken.statusCode, login).toBe(409);
      expect(taken.json()).toEqual({ code: 'LOGIN_TAKEN', message: 'Этот логин уже занят' });
    }
  });

  it("refuses a login that looks like another's: an invisible character, mixed alphabets, look-alike letters", async () => {
    await createUser(server.context, { email: 'admin.lookalike@perevod.local' });
    const other = await createUser(server.context, { role: 'MANAGER' });
    const set = (login: string) =>
      post('/api/user/set-credentials', { id: other.id, login, password: 'another-pass-1' });
    const hidden = await set('admin.lookalike@\u200bperevod.local');
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().message).toBe('Логин не может содержать невидимые или служебные символы');
    const cyrillicA = await set('\u0430dmin.lookalike@perevod.local');
    expect(cyrillicA.statusCode).toBe(400);
    expect(cyrillicA.json().message).toMatch(/^Логин смешивает буквы разных алфавитов/);
    // All Cyrillic, one alphabet — yet on screen the same as the Latin login «mopex»'s owner.
    await post('/api/user/set-credentials', {
      id: (await createUser(server.context)).id,
      login: 'mopex',
      password: 'another-pass-1',
    });
    const lookalike = await set('морех');
    expect(lookalike.statusCode).toBe(409);
    expect(lookalike.json().message).toBe(
      'Логин выглядит так же, как логин или email другой учётной записи: выберите другой',
    );
    // Full-width letters are kept as the plain ones, and sign in typed either way.
    expect((await set('ｐｅｔｒ２')).json()).toMatchObject({ login: 'petr2' });
  });

  it('deletes a user whose orders stay, unlinked', async () => {
    const user = await createUser(server.context);
    const order = await createOrder(server.context, { userId: user.id });
    const answer = await server.app.inject({
      method: 'DELETE',
      url: `/api/user/${user.id}`,
      headers: admin.headers,
    });
    expect(answer.statusCode).toBe(204);
    const [kept] = await server.context.db.select().from(orders).where(eq(orders.id, order.id));
    // The order keeps the customer's name and contacts as they were placed.
    expect(kept).toMatchObject({
      userId: null,
      name: order.name,
      email: order.email,
      phoneNumber: order.phoneNumber,
      amount: order.amount,
    });
    expect(
      (await server.app.inject({ method: 'DELETE', url: `/api/user/${user.id}`, headers: admin.headers }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses to block, delete or re-role the admin’s own account', async () => {
    const expected = {
      code: 'SELF_ACTION',
      message: 'Это действие нельзя выполнить со своей учётной записью',
    };
    for (const [url, body] of [
      ['/api/user/block', { id: admin.userId, reason: 'ой' }],
      ['/api/user/role', { id: admin.userId, role: 'USER' }],
      ['/api/user/role-partner', { id: admin.userId, partnerId: 1 }],
    ] as const) {
      const answer = await post(url, body);
      expect(answer.statusCode, url).toBe(409);
      expect(answer.json()).toEqual(expected);
    }
    const deleted = await server.app.inject({
      method: 'DELETE',
      url: `/api/user/${admin.userId}`,
      headers: admin.headers,
    });
    expect(deleted.json()).toEqual(expected);
  });
});
