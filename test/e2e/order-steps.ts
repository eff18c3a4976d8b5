/**
 * Filling the public order form in Chromium, and the server's confirmation emails that prove what
 * it stored (DATA_DIR/outbox). Shared by the order e2e files.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { laneServer } from './harness';

/** The order-received emails the server wrote for an address. */
export function confirmations(email: string): string[] {
  const folder = join(laneServer().dataDir, 'outbox');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.includes(email) && name.includes('order-received'))
    .map((name) => readFileSync(join(folder, name), 'utf8'));
}

/**
 * Step 1 with two passports notarised, ru → en; ends on step 2. A tab opens a bare step 1 with
 * one cache-busting reload per half minute, so a second order in the same tab passes `?t=` itself.
 */
export async function fillStepOne(page: Page, address = '/order/step-1') {
  await page.goto(address);
  await page.waitForURL(/\/order\/step-1\?t=/);
  await page.getByRole('checkbox', { name: /Паспорт/ }).check();
  await page.getByRole('button', { name: 'Больше экземпляров: Паспорт' }).click();
  await page.getByRole('checkbox', { name: /Нотариальное заверение/ }).check();
  await page.getByLabel('Язык оригинала').selectOption('ru');
  await page.getByLabel('Язык перевода').selectOption('en');
  await expect
    .poll(() => page.getByRole('complementary', { name: 'Стоимость заказа' }).textContent())
    .toMatch(/Итого:\s*4\s200/);
  await nextStep(page, 1);
}

/**
 * «Далее» from step `from`: waits until that step is the one on screen (its progress bar), so a
 * click on a busy machine never lands on the previous step while the next one is still loading,
 * then waits for the next step's address and progress bar.
 */
export async function nextStep(page: Page, from: 1 | 2 | 3) {
  await page.getByRole('progressbar', { name: `Шаг ${from} из 4` }).waitFor();
  await page.getByRole('button', { name: 'Далее' }).last().click();
  await page.waitForURL(`**/order/step-${from + 1}**`);
  await page.getByRole('progressbar', { name: `Шаг ${from + 1} из 4` }).waitFor();
}

/** A promo code typed on step 3, applied, and the message to wait for. */
export interface PromoEntry {
  code: string;
  message: string;
}

/** From step 2: contacts on step 3 (and a promo code), pickup at Тверская on step 4, ready to send. */
export async function fillStepThree(page: Page, email: string, promo?: PromoEntry) {
  await reachPickupChoice(page, email, promo);
  await page.getByRole('radio', { name: /Тверская/ }).check();
}

/** Step 3's personal-data consent: its own checkbox, never ticked in advance. */
export const tickConsent = (page: Page) =>
  page.getByRole('checkbox', { name: /согласие на обработку персональных данных/ }).check();

/** From step 2: contacts on step 3, then step 4 with delivery to a pickup point, no point chosen yet. */
export async function reachPickupChoice(page: Page, email: string, promo?: PromoEntry) {
  await nextStep(page, 2);
  await page.getByLabel('Имя и фамилия').fill('Анна Смирнова');
  await page.getByLabel('Телефон').fill('8 916 123 45 67');
  await page.getByLabel('Электронная почта').fill(email);
  if (promo) {
    await page.getByLabel('Промокод (необязательно)').fill(promo.code);
    await page.getByRole('button', { name: 'Применить' }).click();
    await page.getByText(promo.message).waitFor();
  }
  await tickConsent(page);
  await nextStep(page, 3);
  await choosePickupDelivery(page);
}

/** Step 4: delivery to a pickup point, the point not chosen yet. */
export async function choosePickupDelivery(page: Page) {
  await page
    .getByRole('radio', { name: /Пункт выдачи/ })
    .first()
    .check();
}

/** The contents of every file the server stored from uploads (DATA_DIR/files). */
export function storedUploads(): Buffer[] {
  const folder = join(laneServer().dataDir, 'files');
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name)));
}

/**
 * Step 4's «Отправить заказ» (the summary bar's), then the success page — online or not, it opens
 * once the order is in the outbox. When it does not, the error names what step 4 showed instead.
 */
export async function sendOrder(page: Page) {
  await page.getByRole('button', { name: 'Отправить заказ' }).last().click();
  try {
    await page.waitForURL('**/order/success**', { timeout: 45_000 });
  } catch (error) {
    const shown = await page
      .locator('main')
      .textContent()
      .catch(() => '');
    throw new Error(`no success page after «Отправить заказ»; ${page.url()} shows: ${shown}`, {
      cause: error,
    });
  }
}
