/**
 * Several target languages on one document line in Chromium, at 360×740 and 1440×900: «+ язык»
 * on step 1 adds German to an English passport line, the line's price is multiplied out, the
 * summary doubles, and the page still fits a phone; the review names both languages, the order is
 * sent, and the staff card shows the line «— английский, немецкий» at the server's price.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, callApi, signInAdmin } from './auth-fixtures';
import { signInStaffBrowser } from './cabinet-steps';
import { openSite, type Site } from './harness';
import { fillStepThree, nextStep, sendOrder } from './order-steps';
import { expectFitsPhone, PHONE } from './phone-fit';
import { shot } from './screenshots';

let site: Site;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site?.close();
});

describe('target languages per line', () => {
  for (const size of [PHONE, { width: 1440, height: 900 }]) {
    it(`adds a second language to a line in one tap at ${size.width} px`, async () => {
      const session = await site.openBrowser();
      const { page } = session;
      try {
        await page.setViewportSize(size);
        await page.goto('/order/step-1');
        await page.waitForURL(/\/order\/step-1\?t=/);
        await page.getByLabel('Язык оригинала').selectOption('ru');
        await page.getByLabel('Язык перевода').selectOption('en');
        await page.getByRole('checkbox', { name: /Паспорт/ }).check();
        await page.getByRole('button', { name: 'Больше экземпляров: Паспорт' }).click();
        await page.getByRole('checkbox', { name: /Нотариальное заверение/ }).check();
        const summary = page.getByRole('complementary', { name: 'Стоимость заказа' });
        await expect.poll(() => summary.textContent()).toMatch(/Итого:\s*4\s200/);

        const add = page.getByRole('button', { name: 'Добавить язык к документу: Паспорт' });
        await add.focus();
        await page.keyboard.press('Enter');
        const second = page.getByRole('combobox', { name: 'Ещё язык: Паспорт' });
        await second.selectOption('de');
        await expect.poll(() => summary.textContent()).toMatch(/Итого:\s*8\s400/);
        await expect
          .poll(() => page.getByText(/× 2 языка =/).textContent())
          .toMatch(/2\s100\s₽ × 2 экземпляра × 2 языка = 8\s400\s₽/);
        if (size.width === PHONE.width) await expectFitsPhone(page, 'step 1 with two languages');
        await shot(page, 'target-languages-step-1');

        // Removed again: one language, the price as before.
        await page.getByRole('button', { name: 'Убрать язык «Немецкий»: Паспорт' }).click();
        await expect.poll(() => summary.textContent()).toMatch(/Итого:\s*4\s200/);

        // German again, and on to the review: it names both languages; the server prices the same.
        await page.getByRole('button', { name: 'Добавить язык к документу: Паспорт' }).click();
        await page.getByRole('combobox', { name: 'Ещё язык: Паспорт' }).selectOption('de');
        await expect.poll(() => summary.textContent()).toMatch(/Итого:\s*8\s400/);
        await nextStep(page, 1);
        const email = `e2e.languages-${size.width}@example.ru`;
        await fillStepThree(page, email);
        const review = page.getByRole('region', { name: 'Проверьте заказ' });
        await expect.poll(() => review.textContent()).toContain('Русский → Английский, Немецкий');
        expect(await review.textContent()).toContain('— английский, немецкий');
        await shot(page, 'target-languages-review');
        await sendOrder(page);
        await page.getByRole('heading', { level: 1, name: 'Заказ оформлен' }).waitFor();
        expect(await page.locator('main').textContent()).toMatch(/Сумма:\s*8\s650\s₽/);

        const admin = await signInAdmin(site.origin);
        const { data: found } = await callApi<{ items: { id: number; email: string }[] }>(
          site.origin,
          `/api/order?search=${encodeURIComponent(email)}`,
          { method: 'GET', token: admin.token },
        );
        const placed = found.items.find((item) => item.email === email);
        expect(placed).toBeTruthy();
        await signInStaffBrowser(page, admin.token, 'ADMIN', ADMIN_EMAIL);
        await page.goto(`/crm/orders/${placed?.id}`);
        const documents = page.getByRole('region', { name: 'Документы' });
        await expect
          .poll(() => documents.textContent(), { timeout: 30_000 })
          .toContain('— английский, немецкий');
        expect(await documents.textContent()).toContain('Английский, Немецкий');
        await shot(page, 'target-languages-staff-card');
      } finally {
        await session.close();
      }
    });
  }
});
