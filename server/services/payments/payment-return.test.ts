/**
 * Without PUBLIC_URL the server knows only its local address: a payment then starts and returns on
 * the origin the customer's page is on, so they come back signed in (not to http://localhost).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder } from '../../test-support/cabinet-fixtures';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let anna: SignedInTestUser;
beforeAll(async () => {
  server = await startTestServer();
  anna = await signInAs(server.context, 'USER', { email: 'anna.origin@example.ru' });
});
afterAll(() => server?.close());

describe('a payment without PUBLIC_URL', () => {
  it('takes the customer to pay and back on the origin their page is on', async () => {
    expect(server.context.config.publicUrlSet).toBe(false);
    const order = await placeOrder(server, { headers: anna.headers, status: 'AWAITING_PAYMENT' });
    const answer = await server.app.inject({
      method: 'POST',
      url: `/api/user/orders/${order.id}/payment`,
      headers: { ...anna.headers, origin: 'http://192.168.1.20:3000' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().paymentUrl).toMatch(/^http:\/\/192\.168\.1\.20:3000\/pay\/demo\/demo_/);
  });

  it("opens the same payment again on the page's own origin, not the configured default", async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'AWAITING_PAYMENT' });
    const pay = () =>
      server.app.inject({
        method: 'POST',
        url: `/api/user/orders/${order.id}/payment`,
        headers: { ...anna.headers, origin: 'http://192.168.1.20:3000' },
      });
    const first = (await pay()).json().paymentUrl;
    const again = await pay();
    expect(again.statusCode, again.body).toBe(200);
    // The same open payment, where the customer is signed in (the default is http://localhost).
    expect(again.json().paymentUrl).toBe(first);
    expect(again.json().order.paymentUrl).toBe(first);
  });

  it('ignores an Origin that is not an address', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'AWAITING_PAYMENT' });
    const answer = await server.app.inject({
      method: 'POST',
      url: `/api/user/orders/${order.id}/payment`,
      headers: { ...anna.headers, origin: 'javascript:alert(1)', host: 'perevod.local:8080' },
    });
    expect(answer.json().paymentUrl).toMatch(/^http:\/\/perevod\.local:8080\/pay\/demo\//);
  });
});
