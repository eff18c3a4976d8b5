/**
 * The order form on a small phone (360 × 740): the price is a bar pinned to the bottom of the
 * screen with the total and «Далее», it opens to the itemised breakdown — and open on step 4 it
 * still covers no control — and no page of the flow, success page included, is wider than the
 * screen.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSite, type Site } from './harness';
import { confirmations, tickConsent } from './order-steps';
import { expectFitsPhone } from './phone-fit';

const PHONE = { width: 360, height: 740 };

let site: Site;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site?.close();
});

/** The page scrolls sideways by this many pixels (0 when everything fits the screen). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(
    () => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth,
  );

/** `shown`: something only this page has, so the page measured is the new one. */
async function expectFitsScreen(page: Page, shown: Locator) {
  await shown.waitFor();
  expect(await sidewaysOverflow(page), `${page.url()} is wider than the screen`).toBeLessThanOrEqual(0);
}

describe('order form on a phone', () => {
  it('pins the total and «Далее» to the bottom, opens the breakdown, and fits every page on the screen', async () => {
    const session = await site.openBrowser();
    try {
      const { page } = session;
      await page.setViewportSize(PHONE);
      await page.goto('/order/step-1');
      await page.waitForURL(/\/order\/step-1\?t=/);
      const summary = page.getByRole('complementary', { name: 'Стоимость заказа' });
      await expectFitsScreen(page, summary.getByText('Выберите документы'));

      await page.getByRole('checkbox', { name: /Паспорт/ }).check();
      await page.getByRole('button', { name: 'Больше экземпляров: Паспорт' }).click();
      await page.getByRole('checkbox', { name: /Нотариальное заверение/ }).check();
      await page.getByLabel('Язык оригинала').selectOption('ru');
      await page.getByLabel('Язык перевода').selectOption('en');
      await expect.poll(() => summary.textContent()).toMatch(/Итого:\s*4\s200/);

      // Pinned: the bar's bottom is the screen's bottom, and it stays there while the form scrolls.
      expect(await summary.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
      const bottomOf = async () => {
        const box = await summary.boundingBox();
        return box ? Math.round(box.y + box.height) : null;
      };
      expect(await bottomOf()).toBe(PHONE.height);
      await page.mouse.wheel(0, 600);
      expect(await bottomOf()).toBe(PHONE.height);
      const next = summary.getByRole('button', { name: 'Далее' });
      expect(await next.isVisible()).toBe(true);
      const nextBox = await next.boundingBox();
      expect((nextBox?.x ?? 0) + (nextBox?.width ?? PHONE.width + 1)).toBeLessThanOrEqual(PHONE.width);

      // Closed, the bar shows the total only; «Подробнее» opens the itemised breakdown.
      const breakdownLine = summary.getByText(/Паспорт × 2/);
      expect(await breakdownLine.isVisible()).toBe(false);
      await summary.getByRole('button', { name: 'Подробнее' }).click();
      expect(await summary.getByRole('button', { name: 'Скрыть' }).getAttribute('aria-expanded')).toBe(
        'true',
      );
      await breakdownLine.waitFor();
      expect(await summary.textContent()).toMatch(/Паспорт × 2.*Нотариальное заверение.* × 2.*Итого/);
      await expectFitsScreen(page, breakdownLine);
      await summary.getByRole('button', { name: 'Скрыть' }).click();
      await breakdownLine.waitFor({ state: 'hidden' });

      // A control that takes the focus stops above the pinned bar, not behind it: «Начать заново»
      // asks in place and focuses «Отмена», whose lower edge was under the bar.
      await page.getByRole('button', { name: 'Начать заново' }).click();
      const cancel = page.getByRole('button', { name: 'Отмена' });
      await expect.poll(() => cancel.evaluate((element) => element === document.activeElement)).toBe(true);
      const uncovered = await cancel.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.bottom - 2);
        return hit !== null && element.contains(hit);
      });
      expect(uncovered, '«Отмена» is under the pinned bar').toBe(true);
      await cancel.click();

      await next.click();
      await page.waitForURL('**/order/step-2');
      await expectFitsScreen(page, page.getByLabel('Файлы документов'));
      await summary.getByRole('button', { name: 'Далее' }).click();
      await page.waitForURL('**/order/step-3');
      await expectFitsScreen(page, page.getByLabel('Имя и фамилия'));
      const email = 'e2e.phone@example.ru';
      await page.getByLabel('Имя и фамилия').fill('Анна Смирнова');
      await page.getByLabel('Телефон').fill('8 916 123 45 67');
      await page.getByLabel('Электронная почта').fill(email);
      await tickConsent(page);
      await summary.getByRole('button', { name: 'Далее' }).click();
      await page.waitForURL('**/order/step-4');
      await expectFitsScreen(page, page.getByRole('radio', { name: /Пункт выдачи/ }).first());
      await page
        .getByRole('radio', { name: /Пункт выдачи/ })
        .first()
        .check();
      await page.getByRole('radio', { name: /Тверская/ }).check();
      await expectFitsScreen(page, page.getByRole('region', { name: 'Проверьте заказ' }));
      await expect.poll(() => summary.textContent()).toMatch(/Итого:\s*4\s450/);
      // The chosen point says how to find its entrance, as its partner wrote it.
      await page
        .getByRole('region', { name: /^Выбран пункт: .*Тверская/ })
        .getByText('Как найти: Вход со двора, второй подъезд.')
        .waitFor();
      // With the breakdown open the bar is tall, yet every control of step 4 («Назад», the
      // points, the send button) can be scrolled clear of it and takes its own taps.
      await summary.getByRole('button', { name: 'Подробнее' }).click();
      await summary.getByText(/Паспорт × 2/).waitFor();
      await expectFitsPhone(page, 'step 4 with the breakdown open');
      await summary.getByRole('button', { name: 'Скрыть' }).click();
      await summary.getByRole('button', { name: 'Отправить заказ' }).click();
      await expectFitsScreen(page, page.getByRole('heading', { name: 'Заказ оформлен' }));
      await expect.poll(() => confirmations(email).length, { timeout: 15_000 }).toBe(1);
    } finally {
      await session.close();
    }
  });
});
