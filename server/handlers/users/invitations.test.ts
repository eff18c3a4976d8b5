/**
 * An ADMIN invites a staff member: a mail with a one-time link (72 hours) to set a password,
 * after which the invitee is signed in with the invited role, partner and name; the access-request
 * path stays, and approving a request as a partner names the partner and keeps the name.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffInvitations, users } from '../../db/schema';
import { createAccessRequest, createOrder, createUser } from '../../test-support/fixtures';
import { waitForEmail } from '../../test-support/outbox';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let admin: SignedInTestUser;
beforeAll(async () => {
  server = await startTestServer({
    env: { PUBLIC_URL: 'https://perevod.example.ru', PAYMENTS_DEMO: 'true' },
  });
  admin = await signInAs(server.context, 'ADMIN', { email: 'boss@perevod.local' });
});
afterAll(() => server?.close());

const invite = (payload: object, who = admin) =>
  server.app.inject({ method: 'POST', url: '/api/user/invite', headers: who.headers, payload });

/** The token of the link in the last invitation mailed to `to`. */
async function tokenMailedTo(to: string): Promise<string> {
  const mail = await waitForEmail(server.context.config.dataDir, { to, template: 'staff-invitation' });
  const link = /https:\/\/perevod\.example\.ru\/crm-invite\?token=([\w-]+)/.exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  return link?.[1] as string;
}

const accept = (token: string, password = 'Xk7-pQ2m-vR9t') =>
  server.app.inject({ method: 'POST', url: '/api/auth/invitation/accept', payload: { token, password } });

describe('an invitation', () => {
  it('mails a link that sets a password and signs the new manager in, once', async () => {
    const sent = await invite({ email: 'Ivan.Petrov@Example.ru', name: 'Иван Петров', role: 'MANAGER' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      email: 'ivan.petrov@example.ru',
      role: 'MANAGER',
      invitedByEmail: 'boss@perevod.local',
    });
    const hours = (Date.parse(sent.json().expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    const listed = await server.app.inject({ url: '/api/user/invitations', headers: admin.headers });
    expect(listed.json().map((item: { email: string }) => item.email)).toContain('ivan.petrov@example.ru');

    const token = await tokenMailedTo('ivan.petrov@example.ru');
    const preview = await server.app.inject({ url: `/api/auth/invitation?token=${token}` });
    expect(preview.json()).toMatchObject({
      email: 'ivan.petrov@example.ru',
      name: 'Иван Петров',
      role: 'MANAGER',
    });
    const signedIn = await accept(token);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user).toMatchObject({ role: 'MANAGER', firstName: 'Иван', lastName: 'Петров' });
    expect(signedIn.json().token).toEqual(expect.any(String));
    // From now on: the email and the password.
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'ivan.petrov@example.ru', password: 'Xk7-pQ2m-vR9t' },
    });
    expect(login.statusCode).toBe(200);
    const again = await accept(token, 'another-password');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'INVITATION_USED',
      message: 'Приглашение уже использовано: войдите со своим email и паролем',
    });
    const after = await server.app.inject({ url: '/api/user/invitations', headers: admin.headers });
    expect(after.json().map((item: { email: string }) => item.email)).not.toContain('ivan.petrov@example.ru');
  });

  it('lasts 72 hours, and a newer one to the same email replaces it', async () => {
    await invite({ email: 'late@example.ru', name: 'Опоздавший', role: 'MANAGER' });
    const first = await tokenMailedTo('late@example.ru');
    await server.context.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.email, 'late@example.ru'));
    const old = await accept(first);
    expect(old.statusCode).toBe(410);
    expect(old.json().message).toBe('Срок приглашения истёк: попросите администратора пригласить вас снова');

    await invite({ email: 'twice@example.ru', name: 'Дважды', role: 'MANAGER' });
    const replaced = await tokenMailedTo('twice@example.ru');
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the outbox names mails by the second
    await invite({ email: 'twice@example.ru', name: 'Дважды', role: 'ADMIN' });
    expect((await accept(replaced)).statusCode).toBe(404);
  });

  it("for a partner's counter names the partner, and refuses without one", async () => {
    const without = await invite({ email: 'counter@example.ru', name: 'Пункт', role: 'PARTNER' });
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe('Выберите партнёра, у которого работает сотрудник');
    expect(
      (await invite({ email: 'counter@example.ru', name: 'Пункт', role: 'PARTNER', partnerId: 999 }))
        .statusCode,
    ).toBe(404);
    const sent = await invite({
      email: 'counter@example.ru',
      name: 'Пункт Тверская',
      role: 'PARTNER',
      partnerId: 1,
    });
    expect(sent.json()).toMatchObject({ partnerId: 1, partnerName: 'ПВЗ Экспресс' });
    const user = (await accept(await tokenMailedTo('counter@example.ru'))).json().user;
    expect(user).toMatchObject({ role: 'PARTNER', partnerId: 1 });
  });

  it("promotes a customer's own account (orders kept, old sessions ended), and refuses an email with access", async () => {
    const customer = await signInAs(server.context, 'USER', { email: 'customer.hired@example.ru' });
    const order = await createOrder(server.context, { userId: customer.userId });
    await invite({ email: 'customer.hired@example.ru', name: 'Вера Клиентова', role: 'MANAGER' });
    const signedIn = await accept(await tokenMailedTo('customer.hired@example.ru'));
    expect(signedIn.json().user).toMatchObject({ id: customer.userId, role: 'MANAGER' });
    expect(
      (await server.app.inject({ url: '/api/auth/session', headers: customer.headers })).statusCode,
    ).toBe(401);
    const mine = await server.app.inject({
      url: `/api/user/orders/${order.id}`,
      headers: { authorization: `Bearer ${signedIn.json().token}` },
    });
    expect(mine.statusCode).toBe(200);

    const staff = await invite({ email: 'boss@perevod.local', name: 'Снова я', role: 'MANAGER' });
    expect(staff.statusCode).toBe(409);
    expect(staff.json()).toEqual({
      code: 'EMAIL_HAS_ACCESS',
      message: 'У этого email уже есть доступ к бэк-офису',
    });
  });
});

describe('approving an access request', () => {
  it('as a partner names the partner, and keeps the name the requester gave', async () => {
    const requester = await createUser(server.context, { email: 'wants.partner@example.ru' });
    const request = await createAccessRequest(server.context, requester);
    const approve = (payload: object) =>
      server.app.inject({
        method: 'POST',
        url: `/api/admin/access-requests/${request.id}/approve`,
        headers: admin.headers,
        payload,
      });
    const without = await approve({ login: 'wants.partner', role: 'PARTNER' });
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe('Выберите партнёра, у которого работает сотрудник');
    expect((await approve({ login: 'wants.partner', role: 'PARTNER', partnerId: 2 })).statusCode).toBe(200);
    const [row] = await server.context.db.select().from(users).where(eq(users.id, requester.id));
    expect(row).toMatchObject({ role: 'PARTNER', partnerId: 2, firstName: 'Анна', lastName: 'Смирнова' });
    const listed = await server.app.inject({ url: '/api/user/list?role=PARTNER', headers: admin.headers });
    expect(listed.json().items.find((user: { id: number }) => user.id === requester.id)).toMatchObject({
      firstName: 'Анна',
      lastName: 'Смирнова',
      partnerId: 2,
    });
  });
});
