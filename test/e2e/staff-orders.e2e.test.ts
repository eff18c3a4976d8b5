/**
 * The back office's orders list (/crm/home) in Chromium against the real server: a manager signs
 * in with a password, finds a customer's order by the phone number, moves it to the next status
 * with a comment, and the customer's cabinet shows the new status and the comment in its history.
 * The address holds the view: the copied link opened in a new tab shows the same rows.
 * With STAFF_ORDERS_SHOTS=<folder> it also saves the list at 360×740 and 1440×900.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createStaff, signInAdmin, signInByCode, uniqueEmail } from './auth-fixtures';
import { placeOrder, signInBrowser } from './cabinet-steps';
import { openSite, type Site } from './harness';

let site: Site;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site?.close();
});

/** A phone number no other test's order has, written as a customer would type it. */
function uniquePhone(): { typed: string; digits: string } {
  const digits = `916${String(randomBytes(4).readUInt32BE() % 10_000_000).padStart(7, '0')}`;
  return {
    typed: `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`,
    digits,
  };
}

async function signInStaff(page: Page, login: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Логин или email').fill(login);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.waitForURL('**/crm/home');
}

const rowOf = (page: Page, number: string) => page.getByRole('row').filter({ hasText: `№ ${number}` });

async function screenshots(page: Page, path: string) {
  const folder = process.env.STAFF_ORDERS_SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  for (const [width, height] of [
    [360, 740],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: 'Заявки' }).waitFor();
    await page.getByText(/^Найдено: /).waitFor();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} at ${width}px is wider than the screen`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(folder, `crm-home-${width}.png`), fullPage: true });
    await page
      .getByRole('button', { name: /^Изменить статус заказа/ })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await page.waitForTimeout(400); // the opening animation
    await page.screenshot({ path: join(folder, `crm-home-status-${width}.png`) });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    if (width < 768) {
      await page.getByRole('button', { name: 'Фильтры', exact: true }).click();
      await page.getByRole('combobox', { name: 'Статус' }).waitFor();
      const wider = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(wider, 'the phone’s open filters are wider than the screen').toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(folder, `crm-home-filters-${width}.png`), fullPage: true });
    }
  }
}

describe('staff orders list', () => {
  it('a manager finds an order by phone, moves it with a comment, and the customer sees it', async () => {
    const customerEmail = uniqueEmail('list-customer');
    const customer = await signInByCode(site.origin, customerEmail);
    // A phone no other order has, so the search finds this order alone.
    const phone = uniquePhone();
    const admin = await signInAdmin(site.origin);
    // placeOrder fails the test unless the order is created (201).
    const found = await placeOrder(site.origin, customer.token, customerEmail, { phoneNumber: phone.typed });

    const managerLogin = uniqueEmail('list-manager');
    const password = `Pw-${randomBytes(6).toString('hex')}`;
    await createStaff(site.origin, managerLogin, password, 'MANAGER');

    const session = await site.openBrowser();
    try {
      const { page } = session;
      await page.setViewportSize({ width: 1440, height: 900 });
      await signInStaff(page, managerLogin, password);
      await page.getByRole('heading', { level: 1, name: 'Заявки' }).waitFor();
      await expect.poll(() => page.title()).toBe('Заявки — Бюро переводов');

      // Typed the way people say it: 8 and the digits.
      await page.getByRole('searchbox', { name: 'Поиск' }).fill(`8${phone.digits}`);
      // The address follows the search without a page load (history.pushState).
      await expect.poll(() => page.url()).toContain('search=');
      await rowOf(page, found.number).waitFor();
      await page.getByText('Найдено: 1').waitFor();
      expect(await page.getByRole('row').count()).toBe(2); // the header and the one order

      // The copied address shows the same rows in a new tab.
      const link = page.url();
      const second = await session.context.newPage();
      await second.goto(link);
      // A new tab opens at the browser's phone size: the same order, as a card.
      await second
        .getByRole('list', { name: 'Заявки' })
        .getByRole('link', { name: `№ ${found.number}` })
        .waitFor();
      await second.getByText('Найдено: 1').waitFor();
      expect(await second.getByRole('searchbox', { name: 'Поиск' }).inputValue()).toBe(`8${phone.digits}`);
      await second.close();

      // NEW → AWAITING_PAYMENT, the next status of a manager's check.
      const trigger = rowOf(page, found.number).getByRole('button', {
        name: `Изменить статус заказа № ${found.number}`,
      });
      await trigger.click();
      const dialog = page.getByRole('dialog', { name: `Статус заказа № ${found.number}` });
      await dialog.getByLabel('Ожидает оплаты').check();
      await dialog
        .getByLabel('Комментарий для клиента (необязательно)')
        .fill('Стоимость подтверждена, можно оплачивать');
      await dialog.getByRole('button', { name: 'Изменить статус' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page
        .getByRole('status')
        .filter({ hasText: `Заказ № ${found.number}: статус «Ожидает оплаты»` })
        .waitFor();
      await rowOf(page, found.number).getByText('Ожидает оплаты').waitFor();
      expect(await trigger.evaluate((button) => button === document.activeElement)).toBe(true);

      const { data: detail } = await callApi<{ order: { status: string } }>(
        site.origin,
        `/api/order/${found.id}`,
        {
          method: 'GET',
          token: admin.token,
        },
      );
      expect(detail.order.status).toBe('AWAITING_PAYMENT');

      await screenshots(page, new URL(link).pathname + new URL(link).search);
    } finally {
      await session.close();
    }

    const customerSession = await site.openBrowser();
    try {
      const { page } = customerSession;
      await signInBrowser(page, customer.token, customerEmail);
      await page.goto(`/cabinet/orders/${found.id}`);
      await page.getByRole('heading', { level: 1, name: `Заказ № ${found.number}` }).waitFor();
      const history = page.getByRole('region', { name: 'История' });
      await history.getByText('Ожидает оплаты').waitFor();
      await history.getByText('Стоимость подтверждена, можно оплачивать').waitFor();
    } finally {
      await customerSession.close();
    }
  });
});
