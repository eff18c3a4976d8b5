/**
 * Moving through the order form the way people do: typing /order, opening step 1 from a
 * bookmark (redirected to the cache-busting address, no reload of the app), the browser's «Назад», and closing the tab
 * on step 3 — the draft, a file chosen offline included, is there in a new tab and the order
 * reaches the server with that very file.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSite, type Site, waitForServiceWorkerControl } from './harness';
import {
  choosePickupDelivery,
  confirmations,
  fillStepOne,
  nextStep,
  sendOrder,
  storedUploads,
  tickConsent,
} from './order-steps';

let site: Site;
beforeAll(async () => {
  // One test restarts the browser on its profile: the full browser (harness.ts SiteOptions).
  site = await openSite({ restarts: true });
});
afterAll(async () => {
  await site?.close();
});

/** Counts the documents a tab loads (first load, every reload), in the tab's own sessionStorage. */
async function countDocumentLoads(page: Page) {
  await page.addInitScript(() => {
    sessionStorage.setItem(
      'e2e-document-loads',
      String(Number(sessionStorage.getItem('e2e-document-loads')) + 1),
    );
  });
  return () => page.evaluate(() => Number(sessionStorage.getItem('e2e-document-loads')));
}

describe('order form navigation', () => {
  it('sends /order and a bare step 1 to the cache-busting address without reloading the app', async () => {
    const session = await site.openBrowser();
    try {
      const { page } = session;
      await page.goto('/order');
      await page.waitForURL(/\/order\/step-1\?t=\d+$/);
      await page.getByRole('heading', { name: /Документы и языки/ }).waitFor();

      // A bookmark of step 1 in a fresh tab: the server or the worker redirects, one document.
      const tab = await session.context.newPage();
      const loads = await countDocumentLoads(tab);
      await tab.goto('/order/step-1');
      await tab.waitForURL(/\/order\/step-1\?t=\d+$/);
      await tab.getByRole('checkbox', { name: /Паспорт/ }).waitFor();
      expect(await loads()).toBe(1);

      // The address without the query again within the same visit: redirected again, never a loop.
      await tab.goto('/order/step-1');
      await tab.waitForURL(/\/order\/step-1\?t=\d+$/);
      await tab.getByRole('checkbox', { name: /Паспорт/ }).waitFor();
      expect(await loads()).toBe(2);
    } finally {
      await session.close();
    }
  });

  it('moves between the steps with the browser back and forward buttons, keeping what was entered', async () => {
    const session = await site.openBrowser();
    try {
      const { page } = session;
      await fillStepOne(page);
      await nextStep(page, 2);
      await page.getByLabel('Имя и фамилия').fill('Борис Петров');

      await page.goBack();
      await page.waitForURL('**/order/step-2');
      await page.getByLabel('Файлы документов').waitFor();
      await page.goBack();
      await page.waitForURL('**/order/step-1**');
      expect(await page.getByRole('checkbox', { name: /Паспорт/ }).isChecked()).toBe(true);
      expect(await page.getByLabel('Язык перевода').inputValue()).toBe('en');

      await page.goForward();
      await page.waitForURL('**/order/step-2');
      await page.goForward();
      await page.waitForURL('**/order/step-3');
      expect(await page.getByLabel('Имя и фамилия').inputValue()).toBe('Борис Петров');
    } finally {
      await session.close();
    }
  });

  it('brings the draft back, with a file chosen offline, after the tab is closed on step 3', async () => {
    let session = await site.openBrowser();
    try {
      const { page } = session;
      await fillStepOne(page);
      await waitForServiceWorkerControl(page);
      // Offline the file cannot be uploaded: only the copy in the browser keeps it.
      await site.goOffline(session);
      const content = Buffer.from(`%PDF-1.7\n% ${randomUUID()}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);
      await page.getByLabel('Файлы документов').setInputFiles({
        name: 'diploma.pdf',
        mimeType: 'application/pdf',
        buffer: content,
      });
      await page.getByText('файлы сохранены на устройстве').waitFor();
      await nextStep(page, 2);
      await page.getByLabel('Имя и фамилия').fill('Вера Соколова');
      await page.getByLabel('Телефон').fill('+7 903 765-43-21');
      // The whole browser is closed and started again on the same profile: nothing but what the
      // device stored can bring the draft back.
      const closed = page.waitForEvent('close');
      await page.close({ runBeforeUnload: true });
      await closed;
      await site.goOnline(session);
      session = await site.reopenBrowser(session);
      const reopened = session.page;
      await reopened.goto('/order/step-3');
      await expect.poll(() => reopened.getByLabel('Имя и фамилия').inputValue()).toBe('Вера Соколова');
      expect(await reopened.getByLabel('Телефон').inputValue()).toBe('+7 903 765-43-21');
      await reopened.goto('/order/step-2');
      await expect
        .poll(() => reopened.getByRole('list', { name: 'Выбранные файлы' }).textContent())
        .toMatch(/diploma\.pdf.*загружен/);

      const email = 'e2e.closed-tab@example.ru';
      await reopened.goto('/order/step-3');
      await reopened.getByLabel('Электронная почта').fill(email);
      await tickConsent(reopened);
      await nextStep(reopened, 3);
      await choosePickupDelivery(reopened);
      await reopened.getByRole('radio', { name: /Тверская/ }).check();
      await expect
        .poll(() => reopened.getByRole('region', { name: 'Проверьте заказ' }).textContent())
        .toContain('diploma.pdf');
      await sendOrder(reopened);
      await reopened.getByRole('heading', { name: 'Заказ оформлен' }).waitFor();
      // The server holds the very bytes chosen before the tab was closed.
      expect(storedUploads().some((stored) => stored.equals(content))).toBe(true);
      await expect.poll(() => confirmations(email).length, { timeout: 15_000 }).toBe(1);
    } finally {
      await session.close();
    }
  });
});
