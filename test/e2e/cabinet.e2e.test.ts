/**
 * The customer cabinet in Chromium against the real server: a customer signed in by an emailed
 * code sees the order they placed in the list with its next step, opens it, and — with the
 * network off — the list and that order still open from the device, with the age of the data.
 * With CABINET_SHOTS=<folder> it also saves each cabinet screen at 360×740 and 1440×900.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInByCode, uniqueEmail } from './auth-fixtures';
import { placeOrder, signInBrowser } from './cabinet-steps';
import { openSite, type Site, waitForServiceWorkerControl } from './harness';

let site: Site;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site?.close();
});

const SIZES = [
  { name: '360', width: 360, height: 740 },
  { name: '1440', width: 1440, height: 900 },
];

async function screenshots(page: Page, screens: [string, string][]) {
  const folder = process.env.CABINET_SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const [name, path] of screens) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${size.width}px is wider than the screen`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(folder, `${name}-${size.name}.png`), fullPage: true });
    }
  }
}

describe('customer cabinet', () => {
  it('lists the customer’s order with its next step, opens it, and both still open offline with their age', async () => {
    const email = uniqueEmail('cabinet');
    const { token } = await signInByCode(site.origin, email);
    const order = await placeOrder(site.origin, token, email);
    const session = await site.openBrowser();
    try {
      const { page } = session;
      await signInBrowser(page, token, email);
      await page.goto('/cabinet/orders');
      await waitForServiceWorkerControl(page);
      const row = page.getByRole('listitem').filter({ hasText: `Заказ № ${order.number}` });
      await row.waitFor();
      expect(await row.textContent()).toContain('Новый');
      expect(await row.textContent()).toContain('Менеджер проверяет заказ');
      await expect.poll(() => page.title()).toBe('Мои заказы — Бюро переводов');

      await row.getByRole('link', { name: `Заказ № ${order.number}` }).click();
      await page.waitForURL(`**/cabinet/orders/${order.id}`);
      await page.getByRole('heading', { level: 1, name: `Заказ № ${order.number}` }).waitFor();
      await page.getByRole('region', { name: 'История' }).getByText('Новый').waitFor();
      // Online and just fetched, the copy's age is not news: it shows only offline (below).
      expect(await page.getByText(/^Данные от /).count()).toBe(0);

      await screenshots(page, [
        ['orders', '/cabinet/orders'],
        ['order', `/cabinet/orders/${order.id}`],
        ['notifications', '/cabinet/notifications'],
        ['organization', '/cabinet/organization'],
        ['invoices', '/cabinet/invoices'],
        ['profile', '/cabinet/profile'],
      ]);
      await page.setViewportSize({ width: 412, height: 860 });

      await site.goOffline(session);
      await page.goto('/cabinet/orders');
      await page.getByText(`Заказ № ${order.number}`).waitFor();
      await page
        .getByText(/Нет сети — показаны сохранённые данные/)
        .first()
        .waitFor();
      expect(
        await page
          .getByText(/Данные от /)
          .first()
          .textContent(),
      ).toMatch(/Данные от \d+ [а-я]+\.?,? \d\d:\d\d/);

      await page.goto(`/cabinet/orders/${order.id}`);
      await page.getByRole('heading', { level: 1, name: `Заказ № ${order.number}` }).waitFor();
      await page
        .getByText(/Нет сети — показаны сохранённые данные/)
        .first()
        .waitFor();
      expect(await page.getByRole('button', { name: 'Отменить заказ' }).isDisabled()).toBe(true);
      await page.getByText(/можно только онлайн/).waitFor();
      if (process.env.CABINET_SHOTS) {
        await page.screenshot({
          path: join(process.env.CABINET_SHOTS, 'order-offline-412.png'),
          fullPage: true,
        });
      }
    } finally {
      await session.close();
    }
  });
});
