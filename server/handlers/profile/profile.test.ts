/** The caller's own profile and organization, and who may set an organization's signer. */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { createOrder, createOrganization } from '../../test-support/fixtures';
import { signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const ROMASHKA = {
  inn: '7707083893',
  kpp: '773601001',
  name: 'ООО «Ромашка»',
  address: 'Москва, Тверская, 7',
};

describe('profile', () => {
  it('shows the signed-in user with their organization, and updates names and phone', async () => {
    const anna = await signInAs(server.context, 'USER', { email: 'anna.profile@example.ru' });
    const empty = await server.app.inject({ url: '/api/profile', headers: anna.headers });
    expect(empty.json()).toEqual({
      profile: {
        id: anna.userId,
        email: 'anna.profile@example.ru',
        phoneNumber: null,
        telegramId: null,
        firstName: null,
        lastName: null,
        username: null,
        photoUrl: null,
        role: 'USER',
        partnerId: null,
        hasPassword: false,
        organization: null,
        fromOrders: null,
      },
    });
    const updated = await server.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: anna.headers,
      payload: { firstName: ' Анна ', lastName: 'Смирнова', phoneNumber: '+7 916 123-45-67' },
    });
    expect(updated.json().profile).toMatchObject({
      firstName: 'Анна',
      lastName: 'Смирнова',
      phoneNumber: '+7 916 123-45-67',
    });
    await server.app.inject({
      method: 'PUT',
      url: '/api/user/organization',
      headers: anna.headers,
      payload: ROMASHKA,
    });
    const withOrganization = await server.app.inject({ url: '/api/profile', headers: anna.headers });
    expect(withOrganization.json().profile.organization).toMatchObject({
      inn: '7707083893',
      name: 'ООО «Ромашка»',
    });
  });

  it('offers an empty profile the name and phone of the latest order, and saves them only when told', async () => {
    const email = 'vera.offered@example.ru';
    const vera = await signInAs(server.context, 'USER', { email });
    // Placed before she ever signed in: the order is hers by its email, the account learnt nothing.
    const older = await createOrder(server.context, { userId: null });
    const latest = await createOrder(server.context, { userId: null });
    await server.context.db
      .update(orders)
      .set({ email: 'VERA.offered@example.ru', name: 'Вера Анна Новикова' })
      .where(eq(orders.id, latest.id));
    await server.context.db.update(orders).set({ email }).where(eq(orders.id, older.id));
    await server.context.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 86_400_000) })
      .where(eq(orders.id, older.id));
    const profile = async () =>
      (await server.app.inject({ url: '/api/profile', headers: vera.headers })).json().profile;

    expect(await profile()).toMatchObject({
      firstName: null,
      lastName: null,
      phoneNumber: null,
      fromOrders: {
        orderNumber: latest.number,
        firstName: 'Вера',
        lastName: 'Анна Новикова',
        phoneNumber: '+7 916 123-45-67',
      },
    });
    // Her own name saved: only the phone is still offered.
    await server.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: vera.headers,
      payload: { firstName: 'Вера', lastName: 'Новикова' },
    });
    expect((await profile()).fromOrders).toEqual({
      orderNumber: latest.number,
      firstName: null,
      lastName: null,
      phoneNumber: '+7 916 123-45-67',
    });
    await server.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: vera.headers,
      payload: { phoneNumber: '+7 999 000-11-22' },
    });
    expect(await profile()).toMatchObject({ phoneNumber: '+7 999 000-11-22', fromOrders: null });
    // Another customer's orders are never offered.
    const boris = await signInAs(server.context, 'USER', { email: 'boris.offered@example.ru' });
    const his = (await server.app.inject({ url: '/api/profile', headers: boris.headers })).json().profile;
    expect(his.fromOrders).toBeNull();
  });

  it('refuses a phone with too few digits', async () => {
    const anna = await signInAs(server.context, 'USER');
    const answer = await server.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: anna.headers,
      payload: { phoneNumber: '+7 916 12-34' },
    });
    expect(answer.statusCode).toBe(400);
    // The message, and where it belongs: the form shows it beside the field.
    expect(answer.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Введите телефон, например +7 916 123-45-67',
      details: [{ path: '/body/phoneNumber', message: 'Введите телефон, например +7 916 123-45-67' }],
    });
  });
});

describe("the customer's organization", () => {
  it('is created once and then updated, never duplicated', async () => {
    const anna = await signInAs(server.context, 'USER');
    expect(
      (await server.app.inject({ url: '/api/user/organization', headers: anna.headers })).json(),
    ).toEqual({
      organization: null,
    });
    const created = await server.app.inject({
      method: 'PUT',
      url: '/api/user/organization',
      headers: anna.headers,
      payload: ROMASHKA,
    });
    expect(created.statusCode, created.body).toBe(200);
    const again = await server.app.inject({
      method: 'PUT',
      url: '/api/user/organization',
      headers: anna.headers,
      payload: { ...ROMASHKA, name: 'ООО «Ромашка-2»' },
    });
    expect(again.json().organization).toMatchObject({
      id: created.json().organization.id,
      name: 'ООО «Ромашка-2»',
    });
  });

  it('refuses an INN whose checksum is wrong, with the domain’s message', async () => {
    const anna = await signInAs(server.context, 'USER');
    const answer = await server.app.inject({
      method: 'PUT',
      url: '/api/user/organization',
      headers: anna.headers,
      payload: { ...ROMASHKA, inn: '7707083894' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Проверьте ИНН: 10 цифр для организации или 12 для ИП, с верной контрольной суммой',
      details: [
        {
          path: '/body/inn',
          message: 'Проверьте ИНН: 10 цифр для организации или 12 для ИП, с верной контрольной суммой',
        },
      ],
    });
  });

  it('lets its owner and an ADMIN set the signer; anyone else gets 404', async () => {
    const owner = await signInAs(server.context, 'USER');
    const organization = await createOrganization(server.context, owner.userId);
    const url = `/api/organization/${organization.id}/signer`;
    const payload = { signerName: 'Иванов Иван Иванович', signerPosition: 'Генеральный директор' };
    const asOwner = await server.app.inject({ method: 'PATCH', url, headers: owner.headers, payload });
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.json()).toMatchObject({ id: organization.id, ...payload });
    const admin = await signInAs(server.context, 'ADMIN');
    expect(
      (await server.app.inject({ method: 'PATCH', url, headers: admin.headers, payload })).statusCode,
    ).toBe(200);
    for (const role of ['USER', 'MANAGER', 'PARTNER'] as const) {
      const other = await signInAs(server.context, role);
      const answer = await server.app.inject({ method: 'PATCH', url, headers: other.headers, payload });
      expect(answer.statusCode, role).toBe(404);
    }
    const missing = await server.app.inject({
      method: 'PATCH',
      url: '/api/organization/999999/signer',
      headers: admin.headers,
      payload,
    });
    expect(missing.statusCode).toBe(404);
  });
});
