/** The order-received task travels with the order's transaction and the worker sends the email. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForEmail } from '../../test-support/outbox';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ jobs: true });
});
afterAll(() => server?.close());

const payload = (email: string, targetLanguage = 'en') => ({
  name: 'Пётр',
  phoneNumber: '+7 903 000-00-00',
  email,
  originalLanguage: 'ru',
  targetLanguage,
  documentIds: [2],
  deliveryType: 'OFFICE',
  personalDataConsent: true,
});

describe('order-received', () => {
  it("is queued in the order's transaction and its worker emails the customer", async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: payload('petr.jobs@example.ru'),
    });
    expect(answer.statusCode).toBe(201);
    const email = await waitForEmail(
      server.context.config.dataDir,
      { to: 'petr.jobs@example.ru', template: 'order-received' },
      15_000,
    );
    expect(email.text).toContain(answer.json().order.number);
  });
});
