/**
 * A signed-in customer's first order fills their empty profile and organization, so the next order
 * form and the cabinet know them; filled fields are kept, and an order without signing in changes
 * no account.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { officeOrderBody } from '../../test-support/order-bodies';
import { signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const company = {
  payerType: 'LEGAL',
  organizationInn: '7707083893',
  organizationKpp: '773601001',
  organizationName: 'ООО «Ромашка»',
  organizationAddress: 'Москва, ул. Ленина, 1',
};

const order = (headers: Record<string, string>, email: string, changes: Record<string, unknown>) =>
  server.app.inject({
    method: 'POST',
    url: '/api/order',
    headers,
    payload: { ...officeOrderBody(email), deliveryId: 1, ...changes },
  });

describe('what an order teaches the cabinet', () => {
  it('fills an empty profile and organization from a signed-in customer’s order', async () => {
    const ivan = await signInAs(server.context, 'USER', { email: 'ivan.petrov@example.ru' });
    const placed = await order(ivan.headers, 'ivan.petrov@example.ru', {
      name: 'Иван Петров',
      phoneNumber: '89161234567',
      ...company,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { profile } = (await server.app.inject({ url: '/api/profile', headers: ivan.headers })).json();
    expect(profile).toMatchObject({ firstName: 'Иван', lastName: 'Петров', phoneNumber: '+7 916 123-45-67' });
    expect(profile.organization).toMatchObject({
      inn: '7707083893',
      kpp: '773601001',
      name: 'ООО «Ромашка»',
      address: 'Москва, ул. Ленина, 1',
    });
  });

  it('never overwrites what the customer filled', async () => {
    const anna = await signInAs(server.context, 'USER', { email: 'anna.kept@example.ru' });
    await server.context.db
      .update(users)
      .set({ firstName: 'Анна', lastName: 'Смирнова', phoneNumber: '+7 903 000-00-00' })
      .where(eq(users.id, anna.userId));
    const saved = await server.app.inject({
      method: 'PUT',
      url: '/api/user/organization',
      headers: anna.headers,
      payload: { inn: '7707083893', name: 'ООО «Своя»' },
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const placed = await order(anna.headers, 'anna.kept@example.ru', { name: 'Другое Имя', ...company });
    expect(placed.statusCode, placed.body).toBe(201);
    const { profile } = (await server.app.inject({ url: '/api/profile', headers: anna.headers })).json();
    expect(profile).toMatchObject({
      firstName: 'Анна',
      lastName: 'Смирнова',
      phoneNumber: '+7 903 000-00-00',
    });
    // The name stays the customer's; only the KPP and address it lacked are filled.
    expect(profile.organization).toMatchObject({
      name: 'ООО «Своя»',
      kpp: '773601001',
      address: 'Москва, ул. Ленина, 1',
    });
  });

  it('changes no account when the order is placed without signing in', async () => {
    const olga = await signInAs(server.context, 'USER', { email: 'olga.guest@example.ru' });
    const placed = await order({}, 'olga.guest@example.ru', { name: 'Чужое Имя', ...company });
    expect(placed.statusCode, placed.body).toBe(201);
    const { profile } = (await server.app.inject({ url: '/api/profile', headers: olga.headers })).json();
    expect(profile).toMatchObject({ firstName: null, lastName: null, organization: null });
  });
});
