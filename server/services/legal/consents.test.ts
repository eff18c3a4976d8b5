/** Consent to personal-data processing: refused orders, the records and their versions, sign-in. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_REQUIRED } from '../../../src/domain/legal-documents';
import { officeOrderBody } from '../../test-support/order-bodies';
import { listOutbox, signInCodeOf, waitForEmail } from '../../test-support/outbox';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let admin: SignedInTestUser;
let serial = 0;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAs(server.context, 'ADMIN');
});
afterAll(() => server?.close());

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0';
const placeOrder = (body: Record<string, unknown>) =>
  server.app.inject({
    method: 'POST',
    url: '/api/order',
    payload: body,
    remoteAddress: '203.0.113.7',
    headers: { 'user-agent': ANDROID },
  });
const staffConsent = async (orderId: number) =>
  (await server.app.inject({ url: `/api/order/${orderId}/consent`, headers: admin.headers })).json().consent;

describe('personal-data consent', () => {
  it('refuses an order without the consent, or with it unticked, saying so beside the field', async () => {
    const { personalDataConsent: _, ...withoutConsent } = officeOrderBody(
      `no.consent.${++serial}@example.ru`,
    );
    for (const body of [withoutConsent, { ...withoutConsent, personalDataConsent: false }]) {
      const answer = await placeOrder(body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: CONSENT_REQUIRED,
        details: [{ path: '/body/personalDataConsent', message: CONSENT_REQUIRED }],
      });
    }
  });

  it('keeps the version, time, address and browser of an order’s consent; a new version is for new consents only', async () => {
    const first = await placeOrder(officeOrderBody(`consent.${++serial}@example.ru`));
    expect(first.statusCode).toBe(201);
    const firstId = first.json().order.id as number;
    expect(await staffConsent(firstId)).toMatchObject({
      purpose: 'order',
      orderId: firstId,
      version: 1,
      title: 'Согласие на обработку персональных данных',
      ip: '203.0.113.7',
      userAgent: ANDROID,
      withdrawnAt: null,
    });

    const published = await server.app.inject({
      method: 'POST',
      url: '/api/admin/legal/consent',
      headers: admin.headers,
      payload: {
        title: 'Согласие на обработку персональных данных',
        body: 'Новая редакция: {{operatorName}}',
      },
    });
    expect(published.statusCode).toBe(200);
    const consentVersions = published
      .json()
      .documents.find((document: { kind: string }) => document.kind === 'consent').versions;
    expect(consentVersions.map((version: { version: number }) => version.version)).toEqual([2, 1]);
    expect(consentVersions[1].consents).toBeGreaterThanOrEqual(1);

    const second = await placeOrder(officeOrderBody(`consent.${++serial}@example.ru`));
    expect((await staffConsent(second.json().order.id)).version).toBe(2);
    expect((await staffConsent(firstId)).version).toBe(1);
    const shown = await server.app.inject({ url: '/api/legal/consent' });
    expect(shown.json()).toMatchObject({ kind: 'consent', version: 2 });
    expect(shown.json().text).toBe('Новая редакция: ООО «Бюро переводов „Слово“»');
  });

  it('fills the documents with the operator an ADMIN sets, and lets nobody else set it', async () => {
    const operator = {
      name: 'ООО «Лингва»',
      inn: '7707083893',
      address: 'Москва, ул. Тверская, 1',
      contact: 'privacy@lingva.ru',
    };
    const manager = await signInAs(server.context, 'MANAGER');
    const refused = await server.app.inject({
      method: 'PUT',
      url: '/api/admin/legal/operator',
      headers: manager.headers,
      payload: operator,
    });
    expect(refused.statusCode).toBe(403);
    const saved = await server.app.inject({
      method: 'PUT',
      url: '/api/admin/legal/operator',
      headers: admin.headers,
      payload: operator,
    });
    expect(saved.json()).toEqual(operator);
    const privacy = (await server.app.inject({ url: '/api/legal/privacy' })).json();
    expect(privacy.text).toContain('ООО «Лингва» (ИНН 7707083893, адрес: Москва, ул. Тверская, 1)');
    expect(privacy.text).toContain('privacy@lingva.ru');
    expect(privacy.text).toContain('через 90 дней');
    expect(privacy.text).not.toContain('{{');
    const offer = (await server.app.inject({ url: '/api/legal/offer' })).json();
    expect(offer.title).toBe('Публичная оферта на оказание услуг перевода');
  });

  it('refuses an INN with a wrong check digit and a contact that is not an email, each beside its field', async () => {
    const refused = await server.app.inject({
      method: 'PUT',
      url: '/api/admin/legal/operator',
      headers: admin.headers,
      payload: { name: 'ООО «Лингва»', inn: '7707083894', address: 'Москва', contact: 'по телефону' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      { path: '/body/inn', message: expect.stringMatching(/^Проверьте ИНН/) },
      { path: '/body/contact', message: expect.stringMatching(/^Введите email в формате/) },
    ]);
    // Nothing half-saved: the operator stays as it was.
    const privacy = (await server.app.inject({ url: '/api/legal/privacy' })).json();
    expect(privacy.text).not.toContain('7707083894');
  });

  it('keeps the sign-in form’s consent for the account once the code proves the address, and only once', async () => {
    const email = `signin.consent.${++serial}@example.ru`;
    const signIn = async (seen: string[], address: string) => {
      const asked = await server.app.inject({
        method: 'POST',
        url: '/api/auth/email/request-code',
        payload: { email, personalDataConsent: true },
        remoteAddress: address,
        headers: { 'user-agent': ANDROID },
      });
      expect(asked.statusCode).toBe(200);
      const mail = await waitForEmail(server.context.config.dataDir, {
        to: email,
        template: 'sign-in-code',
        seen,
      });
      const verified = await server.app.inject({
        method: 'POST',
        url: '/api/auth/email/verify',
        payload: { email, verificationCode: signInCodeOf(mail).code },
        remoteAddress: address,
      });
      expect(verified.statusCode).toBe(200);
      return { token: verified.json().token as string, file: mail };
    };
    const first = await signIn([], '198.51.100.4');
    const mine = async (token: string) =>
      (
        await server.app.inject({ url: '/api/user/consents', headers: { authorization: `Bearer ${token}` } })
      ).json().items;
    expect(await mine(first.token)).toEqual([
      expect.objectContaining({
        purpose: 'account',
        orderId: null,
        version: 2,
        ip: '198.51.100.4',
        userAgent: ANDROID,
      }),
    ]);
    // The same person again: the account consented to this version already.
    const seen = listOutbox(server.context.config.dataDir);
    const second = await signIn(seen, '198.51.100.5');
    expect(await mine(second.token)).toHaveLength(1);
  });
});
