/**
 * Paying in the cabinet, in Chromium against the real server: a manager has confirmed the
 * customer's order (awaiting payment), the customer presses «Оплатить картой», pays on the demo
 * provider's page (which says it is a test mode) and is back on the order, now «Оплачен».
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAdmin, signInByCode, uniqueEmail } from './auth-fixtures';
import { placeOrder, signInBrowser } from './cabinet-steps';
import { openSite, type Site, waitForServiceWorkerControl } from './harness';

let site: Site;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site?.close();
});

describe('card payment from the cabinet', () => {
  it('pays an order awaiting payment through the demo page and shows it paid', async () => {
    const email = uniqueEmail('payer');
    const { token } = await signInByCode(site.origin, email);
    const order = await placeOrder(site.origin, token, email);
    const admin = await signInAdmin(site.origin);
    const confirmed = await callApi(site.origin, '/api/order/status', {
      method: 'PATCH',
      token: admin.token,
      body: { id: order.id, status: 'AWAITING_PAYMENT', expectedStatus: 'NEW' },
    });
    expect(confirmed.status, JSON.stringify(confirmed.data)).toBe(200);

    const session = await site.openBrowser();
    const { page } = session;
    await signInBrowser(page, token, email);
    await waitForServiceWorkerControl(page);
    await page.goto(`/cabinet/orders/${order.id}`);
    await page.getByRole('heading', { level: 1, name: `Заказ № ${order.number}` }).waitFor();
    await page.getByRole('button', { name: 'Оплатить картой' }).click();

    await page.waitForURL(/\/pay\/demo\//);
    await page.getByText('Тестовый режим оплаты').waitFor();
    await page.getByText(order.number).first().waitFor();
    await page.getByRole('button', { name: /^Оплатить/ }).click();

    await page.waitForURL(/\/cabinet/);
    // The payment link is absolute (PUBLIC_URL, the server's own address); this suite reaches the
    // server through a per-file network switch on another port, whose session is the one to use.
    if (new URL(page.url()).origin !== site.origin) await page.goto(`/cabinet/orders/${order.id}`);
    await page.waitForURL(new RegExp(`/cabinet/orders/${order.id}$`));
    await page.getByText('Оплачен').first().waitFor();
    const { data } = await callApi<{ order: { status: string } }>(
      site.origin,
      `/api/user/orders/${order.id}`,
      {
        method: 'GET',
        token,
      },
    );
    expect(data.order.status).toBe('PAID');
    await session.close();
  });
});
