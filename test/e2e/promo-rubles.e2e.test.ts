/**
 * A promo code in rubles with a minimum order sum, as a customer meets it on a phone and a desktop:
 * the demo's MINUS500 (500 ₽ off an order from 3 000 ₽) applied on step 3 shows «−500 ₽» there, in
 * step 4's review and on the success page, and the order the server stored costs 500 ₽ less; on an
 * order below the minimum the code is refused with the minimum named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSite, type Site } from './harness';
import { confirmations, fillStepOne, fillStepThree, nextStep, sendOrder } from './order-steps';
import { shot } from './screenshots';

let site: Site;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site?.close();
});

const SIZES = [
  [360, 740],
  [1440, 900],
] as const;

describe('a promo code in rubles', () => {
  it.each(SIZES)(
    'takes 500 ₽ off a 4 450 ₽ order (4 200 ₽ and 250 ₽ delivery) at %i px, shown on every step and kept by the server',
    async (width, height) => {
      const session = await site.openBrowser();
      const { page } = session;
      const email = `e2e.minus500-${width}@example.ru`;
      try {
        await page.setViewportSize({ width, height });
        await fillStepOne(page);
        await fillStepThree(page, email, {
          code: 'minus500',
          message: 'Промокод применён — скидка 500\u00a0₽',
        });
        const summary = page.getByRole('complementary', { name: 'Стоимость заказа' });
        await expect.poll(() => summary.textContent()).toMatch(/Итого:\s*3\s950/);
        const review = page.getByRole('region', { name: /Проверьте заказ/ });
        await expect.poll(() => review.textContent()).toContain('MINUS500 — скидка 500\u00a0₽');
        await shot(page, 'promo-rubles-step-4');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await sendOrder(page);
        await page.getByText('Промокод MINUS500 применён: скидка 500\u00a0₽').waitFor();
        await shot(page, 'promo-rubles-success');
        // The success page reads the server's answer: the stored order's amount.
        expect(await page.locator('main').textContent()).toMatch(/Сумма:\s*3\s950\s₽/);
        await expect.poll(() => confirmations(email).length, { timeout: 30_000 }).toBe(1);
      } finally {
        await session.close();
      }
    },
  );

  it('is refused below its minimum, naming the minimum', async () => {
    const session = await site.openBrowser();
    const { page } = session;
    try {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto('/order/step-1');
      await page.waitForURL(/\/order\/step-1\?t=/);
      await page.getByRole('checkbox', { name: /Паспорт/ }).check();
      await page.getByLabel('Язык оригинала').selectOption('ru');
      await page.getByLabel('Язык перевода').selectOption('en');
      await nextStep(page, 1);
      await nextStep(page, 2);
      await page.getByLabel('Промокод (необязательно)').fill('MINUS500');
      await page.getByRole('button', { name: 'Применить' }).click();
      await page
        .getByText(/Промокод действует для заказов от 3\s000\s₽/)
        .first()
        .waitFor();
      await shot(page, 'promo-rubles-below-minimum');
    } finally {
      await session.close();
    }
  });
});
