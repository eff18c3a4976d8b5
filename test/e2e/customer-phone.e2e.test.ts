/**
 * A customer on a 360 × 740 phone, end to end, with real data: signed in with orders of their
 * own (one at an office, one at a pickup point, one for a company with its invoice) and the
 * notices those orders brought, they order again through the form — their details filled in, the
 * office chosen — and open every cabinet page. Each screen passes the phone checks (phone-fit.ts):
 * nothing wider than the screen, no control under a pinned bar.
 * With PHONE_SHOTS=<folder> it saves every screen it checks (the whole page).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAdmin, signInByCode, uniqueEmail } from './auth-fixtures';
import { demoOrderBody, placeOrder, signInBrowser } from './cabinet-steps';
import { openSite, type Site } from './harness';
import { fillStepOne, nextStep, sendOrder, tickConsent } from './order-steps';
import { expectFitsPhone, PHONE } from './phone-fit';

let site: Site;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site?.close();
});

const folder = process.env.PHONE_SHOTS;
if (folder) mkdirSync(folder, { recursive: true });

/** Order numbers («2611-00042») on the screen that a line break cuts in two. */
function brokenOrderNumbers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/\d{4}-\d{5}/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

/** The phone checks of the screen on show, and its picture when asked for. */
async function check(page: Page, shot: string) {
  await page.waitForLoadState('networkidle');
  if (folder) await page.screenshot({ path: join(folder, `${shot}.png`), fullPage: true });
  await expectFitsPhone(page, shot);
  expect(await brokenOrderNumbers(page), `${shot}: order numbers cut by a line break`).toEqual([]);
}

async function move(origin: string, adminToken: string, id: number, statuses: string[]) {
  for (const status of statuses) {
    const { status: code, data } = await callApi(origin, '/api/order/status', {
      method: 'PATCH',
      token: adminToken,
      body: { id, status },
    });
    if (code !== 200) throw new Error(`status ${status}: ${code} ${JSON.stringify(data)}`);
  }
}

describe('a customer on a phone', () => {
  it('orders again signed in and opens every cabinet page, each fitting the screen', async () => {
    const { origin } = site;
    // A long address, as people have: the profile and the header must wrap it, not widen the page.
    const email = uniqueEmail('phone').replace(
      '@example.ru',
      '.konstantinopolskaya-smirnova@mezhdunarodnoe-byuro.example.ru',
    );
    const { token } = await signInByCode(origin, email);
    const admin = await signInAdmin(origin);

    const atOffice = await placeOrder(origin, token, email);
    const atPoint = await placeOrder(origin, token, email, { pickupPointId: 1 });
    // Placed through the form without signing in, with the customer's email: in the cabinet, unpaid.
    const unsigned = await callApi<{ order: { id: number } }>(origin, '/api/order', {
      body: await demoOrderBody(origin, email),
    });
    expect(unsigned.status).toBe(201);
    const company = await callApi<{ order: { id: number } }>(origin, '/api/order', {
      token,
      body: {
        ...(await demoOrderBody(origin, email)),
        name: 'Анна-Мария Константинопольская',
        payerType: 'LEGAL',
        organizationInn: '7707083893',
        organizationName: 'ООО «Международное бюро переводов и нотариальных услуг „Ромашка“»',
        organizationAddress: 'Москва, Большая Новодмитровская улица, дом 36, строение 4, офис 1205',
      },
    });
    expect(company.status).toBe(201);
    await move(origin, admin.token, atOffice.id, ['AWAITING_PAYMENT', 'PAID', 'IN_TRANSLATION', 'READY']);
    await move(origin, admin.token, company.data.order.id, ['AWAITING_PAYMENT']);
    const invoice = await callApi(origin, `/api/user/orders/${company.data.order.id}/generate-invoice`, {
      token,
    });
    expect(invoice.status).toBeLessThan(300); // 202 while the PDF is being made

    const session = await site.openBrowser();
    try {
      const { page } = session;
      await page.setViewportSize(PHONE);
      await signInBrowser(page, token, email);

      await fillStepOne(page);
      await check(page, 'order-step-2');
      await nextStep(page, 2);
      // What the first orders taught the cabinet: the form starts with the customer's details.
      await expect.poll(() => page.getByLabel('Имя и фамилия').inputValue()).toBe('Анна Смирнова');
      expect(await page.getByLabel('Электронная почта').inputValue()).toBe(email);
      await tickConsent(page);
      await check(page, 'order-step-3');
      await nextStep(page, 3);
      await page.getByRole('radio', { name: /Самовывоз из офиса/ }).check();
      await page.getByRole('list', { name: 'Офисы' }).waitFor();
      await check(page, 'order-step-4-office');
      await sendOrder(page);
      await page.getByRole('link', { name: 'Открыть заказ в личном кабинете' }).waitFor();
      await check(page, 'order-success');

      const pages = [
        ['cabinet-orders', '/cabinet/orders'],
        ['cabinet-order-office', `/cabinet/orders/${atOffice.id}`],
        ['cabinet-order-point', `/cabinet/orders/${atPoint.id}`],
        ['cabinet-order-placed-without-sign-in', `/cabinet/orders/${unsigned.data.order.id}`],
        ['cabinet-order-company', `/cabinet/orders/${company.data.order.id}`],
        ['cabinet-notifications', '/cabinet/notifications'],
        ['cabinet-invoices', '/cabinet/invoices'],
        ['cabinet-organization', '/cabinet/organization'],
        ['cabinet-profile', '/cabinet/profile'],
        ['landing', '/'],
      ] as const;
      for (const [shot, path] of pages) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await check(page, shot);
        if (shot === 'cabinet-order-point')
          // How to find the point's entrance, as its partner wrote it.
          expect(await page.getByRole('region', { name: 'Получение' }).textContent()).toContain(
            'Вход со двора, второй подъезд.',
          );
        if (shot === 'cabinet-order-placed-without-sign-in') {
          // The warning is a short line (three at most on this phone) until asked why; the whole
          // text took a third of the screen.
          const warning = page.locator('details', { hasText: 'Оформлен без входа' });
          const height = await warning.evaluate((element) => element.getBoundingClientRect().height);
          expect(height).toBeLessThan(100);
        }
      }

      // The server says 404; in the browser the service worker answers with the stored app shell.
      expect((await fetch(`${origin}/no-such-page`)).status).toBe(404);
      await page.goto('/no-such-page');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await check(page, 'not-found');
    } finally {
      await session.close();
    }
  }, 300_000);
});
