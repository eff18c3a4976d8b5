/**
 * What an admin does to a user takes effect at once and is remembered: a blocked user's open
 * session answers 401 on its very next call, and every change shows in the user's history with
 * who made it, when, and the old and new value.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessRequest, createUser } from '../../test-support/fixtures';
import { type SignedInTestUser, signInAs, signInUser } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let admin: SignedInTestUser;
let adminEmail: string;
beforeAll(async () => {
  server = await startTestServer();
  adminEmail = `history-admin-${Date.now()}@example.ru`;
  admin = await signInAs(server.context, 'ADMIN', { email: adminEmail });
});
afterAll(() => server?.close());

const post = (url: string, payload: object) =>
  server.app.inject({ method: 'POST', url, headers: admin.headers, payload });
const historyOf = async (id: number) =>
  (await server.app.inject({ url: `/api/user/${id}/history`, headers: admin.headers })).json();

describe('blocking a user', () => {
  it('ends their sessions at once: the next call of an open cabinet answers 401', async () => {
    const customer = await signInAs(server.context, 'USER');
    const profile = () => server.app.inject({ url: '/api/profile', headers: customer.headers });
    expect((await profile()).statusCode).toBe(200);
    expect(
      (await post('/api/user/block', { id: customer.userId, reason: 'Спам в заказах' })).statusCode,
    ).toBe(200);
    const after = await profile();
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHORIZED');
    // A new session cannot be had either while blocked.
    const again = await signInUser(server.context, { id: customer.userId, role: 'USER' });
    expect((await server.app.inject({ url: '/api/profile', headers: again.headers })).statusCode).toBe(401);
  });
});

describe("a user's history", () => {
  it('shows every change an admin made, newest first, with who and old → new; a password is never shown', async () => {
    const user = await createUser(server.context);
    await post('/api/user/role', { id: user.id, role: 'MANAGER' });
    await post('/api/user/role-partner', { id: user.id, partnerId: 1 });
    await post('/api/user/block', { id: user.id, reason: 'Уволен' });
    await post('/api/user/unblock', { id: user.id });
    await post('/api/user/set-credentials', {
      id: user.id,
      login: `hist-${user.id}`,
      password: 'Xk7-pQ2m-vR9t',
    });
    const history = await historyOf(user.id);
    const entries = history.map((e: Record<string, unknown>) => [e.field, e.oldValue, e.newValue, e.comment]);
    // Newest first; the entries of one change in the order they were recorded, last first.
    expect(entries).toEqual([
      ['PASSWORD', 'не задан', 'задан новый', null],
      ['LOGIN', null, `hist-${user.id}`, null],
      ['BLOCK', 'Заблокирован', 'Активен', null],
      ['BLOCK', 'Активен', 'Заблокирован', 'Уволен'],
      ['PARTNER', null, 'ПВЗ Экспресс', null],
      ['ROLE', 'Менеджер', 'Партнёр', null],
      ['ROLE', 'Клиент', 'Менеджер', null],
    ]);
    for (const entry of history) {
      expect(entry).toMatchObject({ actorEmail: adminEmail, actorRole: 'ADMIN' });
      expect(entry.createdAt).toMatch(/Z$/);
    }
    expect(JSON.stringify(history)).not.toContain('argon2');
  });

  it('shows an approved access request as the new role and login', async () => {
    const requester = await createUser(server.context, { email: `requester-${Date.now()}@example.ru` });
    const request = await createAccessRequest(server.context, requester);
    const approved = await post(`/api/admin/access-requests/${request.id}/approve`, {
      login: `approved-${requester.id}`,
      role: 'MANAGER',
    });
    expect(approved.statusCode).toBe(200);
    const history = await historyOf(requester.id);
    expect(history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'ROLE',
          oldValue: 'Клиент',
          newValue: 'Менеджер',
          comment: 'Заявка на доступ одобрена',
        }),
        expect.objectContaining({ field: 'LOGIN', oldValue: null, newValue: `approved-${requester.id}` }),
      ]),
    );
  });

  it('is 404 for a user who does not exist', async () => {
    expect(
      (await server.app.inject({ url: '/api/user/999999/history', headers: admin.headers })).statusCode,
    ).toBe(404);
  });
});
