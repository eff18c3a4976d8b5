/**
 * Who works in the bureau and how it is doing, in Chromium against the real server:
 * - the statistics page draws its charts for a range with orders, the CSV downloads as a Russian
 *   Excel reads it (BOM, semicolons, comma decimals), and a range without orders says so;
 * - an admin blocks a customer on /crm/users and the customer's open cabinet is sent to sign-in
 *   on its next call;
 * - /crm/users, /crm/stats, /crm/push-notifications and /profile are no wider than the screen at
 *   360 and 1440 px and each has its own title. With PEOPLE_SHOTS=<folder> it saves screenshots.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, callApi, signInAdmin, signInByCode, uniqueEmail } from './auth-fixtures';
import { placeOrder, signInBrowser, signInStaffBrowser } from './cabinet-steps';
import {
  BROWSER_VIEWPORT,
  type BrowserSession,
  openSite,
  type Site,
  waitForServiceWorkerControl,
} from './harness';

let site: Site;
const sessions: BrowserSession[] = [];
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  for (const session of sessions) await session.close();
  await site?.close();
});

async function browser(): Promise<Page> {
  const session = await site.openBrowser();
  sessions.push(session);
  return session.page;
}

/**
 * One browser with the admin's session for every case: none is about the admin's sign-in, and a
 * browser costs seconds. Each case gets it at the size a new browser has.
 */
let admin: Promise<Page> | undefined;
async function adminPage(): Promise<Page> {
  admin ??= (async () => {
    const { token } = await signInAdmin(site.origin);
    const page = await browser();
    await signInStaffBrowser(page, token, 'ADMIN', ADMIN_EMAIL);
    return page;
  })();
  const page = await admin;
  await page.setViewportSize(BROWSER_VIEWPORT);
  return page;
}

const moscowToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date());

/** The page fits both widths; with PEOPLE_SHOTS it is saved at each. */
async function fitsAndShoot(page: Page, name: string) {
  const folder = process.env.PEOPLE_SHOTS;
  for (const size of [
    { width: 360, height: 740 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${size.width}px is wider than the screen`).toBeLessThanOrEqual(0);
    if (folder) {
      mkdirSync(folder, { recursive: true });
      await page.screenshot({ path: join(folder, `${name}-${size.width}.png`), fullPage: true });
    }
  }
}

/**
 * Opens a page once the service worker controls it: a first visit's worker takes over and the
 * app may reload a lazy chunk meanwhile, which aborts or replaces a navigation started then.
 */
async function openSettled(page: Page, path: string) {
  // A page the worker already controls has had its takeover: one load is enough.
  const controlled = await page
    .evaluate(() => navigator.serviceWorker?.controller != null)
    .catch(() => false);
  if (!controlled) {
    await page.goto(path).catch(() => undefined);
    await waitForServiceWorkerControl(page);
  }
  await page.goto(path);
}

describe('the statistics page', () => {
  it('draws the charts for a range with orders, downloads the CSV, and says when a range is empty', async () => {
    const email = uniqueEmail('stats');
    const customer = await signInByCode(site.origin, email);
    await placeOrder(site.origin, customer.token, email);
    await placeOrder(site.origin, customer.token, email);
    const page = await adminPage();
    await page.goto('/crm/stats');
    await page.getByRole('heading', { level: 1, name: 'Статистика' }).waitFor();
    expect(await page.title()).toMatch(/^Статистика/);
    const today = moscowToday();
    await page.getByLabel('С', { exact: true }).fill(today);
    await page.getByLabel('По', { exact: true }).fill(today);
    await page.getByRole('button', { name: 'Показать' }).click();
    // uPlot draws into canvases inside the labelled chart boxes.
    const timeChart = page.getByRole('img', { name: /График выручки, расходов и маржи/ });
    await timeChart.locator('canvas').waitFor();
    await page
      .getByRole('img', { name: /по типам документов/ })
      .locator('canvas')
      .waitFor();
    const box = await timeChart.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(100);
    await page.getByRole('table', { name: /По дням/ }).waitFor();
    await fitsAndShoot(page, 'stats');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Скачать CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`statistika_${today}_${today}.csv`);
    const bytes = readFileSync((await download.path()) ?? '');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[1]).toMatch(/^День;Заказов;Выручка, ₽;/);
    const [dayRow] = lines.filter((line) => line.startsWith(today.split('-').reverse().join('.')));
    expect(dayRow).toBeDefined();
    // Whole or comma-decimal numbers only: no dots, no spaces inside amounts.
    for (const cell of (dayRow ?? '').split(';').slice(1)) expect(cell).toMatch(/^(-?\d+(,\d+)?)?$/);
    expect(Number((dayRow ?? '').split(';')[1])).toBeGreaterThanOrEqual(2);

    // A month drawn day by day, as an owner usually looks at it.
    await page.getByRole('button', { name: '30 дней' }).click();
    await page.getByRole('table', { name: /По дням/ }).waitFor();
    await timeChart.locator('canvas').waitFor();
    await fitsAndShoot(page, 'stats-30-days');

    await page.getByLabel('С', { exact: true }).fill('2001-01-01');
    await page.getByLabel('По', { exact: true }).fill('2001-01-31');
    await page.getByRole('button', { name: 'Показать' }).click();
    await page.getByText('За этот период заказов нет').waitFor();
    expect(await page.locator('canvas').count()).toBe(0);
  });
});

describe('blocking a user', () => {
  it('sends the blocked customer’s open cabinet to sign-in on its next call', async () => {
    const email = uniqueEmail('blocked');
    const customer = await signInByCode(site.origin, email);
    await placeOrder(site.origin, customer.token, email);
    const cabinet = await browser();
    await signInBrowser(cabinet, customer.token, email);
    await openSettled(cabinet, '/cabinet/profile');
    await cabinet.getByText('Клиент').waitFor(); // the profile came from GET /api/profile

    const office = await adminPage();
    await office.goto('/crm/users');
    await office.getByRole('heading', { level: 1, name: 'Пользователи' }).waitFor({ timeout: 60_000 });
    await office.getByLabel('Поиск', { exact: true }).fill(email);
    await office.getByRole('button', { name: 'Найти' }).click();
    // The customer's order gave the account its name, so the card is found by its email.
    await office
      .getByRole('listitem')
      .filter({ hasText: email })
      .getByRole('button', { name: /^Управлять: / })
      .click();
    await office.getByLabel('Причина блокировки').fill('Проверка службы безопасности');
    await office.getByRole('button', { name: 'Заблокировать' }).click();
    await office.getByText('Пользователь заблокирован, его сеансы завершены').first().waitFor();
    await fitsAndShoot(office, 'users-panel');

    // The customer's next call answers 401: the cabinet goes to its sign-in with the way back.
    await cabinet.locator('a[href="/cabinet/orders"]:visible').first().click();
    await cabinet.waitForURL(/\/cabinet-login/);
    expect(
      (await callApi(site.origin, '/api/profile', { method: 'GET', token: customer.token })).status,
    ).toBe(401);
  });
});

describe('the new screens', () => {
  it('fit 360 and 1440 px and have their own titles', async () => {
    const page = await adminPage();
    const screens = [
      { path: '/crm/users', heading: 'Пользователи', name: 'users' },
      { path: '/crm/push-notifications', heading: 'Push-уведомления', name: 'push' },
      { path: '/profile', heading: 'Профиль', name: 'profile' },
    ];
    for (const screen of screens) {
      await openSettled(page, screen.path);
      await page.getByRole('heading', { level: 1, name: screen.heading }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.title(), screen.path).toMatch(
        new RegExp(`^${screen.heading === 'Профиль' ? 'Профиль сотрудника' : screen.heading}`),
      );
      if (screen.name === 'push') {
        await page.getByLabel('Заголовок').fill('Новогодний график работы офисов на Тверской и в Химках');
        await page
          .getByLabel('Текст')
          .fill('31 декабря офисы работают до 15:00, 1–3 января закрыты. Заказы через сайт принимаются.');
        await page.getByText('Так увидит получатель').waitFor();
      }
      await fitsAndShoot(page, screen.name);
    }
  });
});
