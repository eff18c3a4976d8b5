/**
 * The back office's order card in Chromium against the real server: an ADMIN sets an order's
 * amount by hand and both the card and GET /api/order/{id} show the new amount with a history
 * entry (who, old, new); a MANAGER opening the same card has no amount control, and the same
 * change sent with the manager's token is refused with 403 and the Russian message. The card fits
 * the screen at 360 and 1440 px; with CARD_SHOTS=<folder> it also saves screenshots of both.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, callApi, createStaff, signInAdmin, signInByCode, uniqueEmail } from './auth-fixtures';
import { placeOrder, signInStaffBrowser } from './cabinet-steps';
import { type BrowserSession, openSite, type Site } from './harness';

let site: Site;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site?.close();
});

interface StaffCard {
  order: { id: number; number: string; amount: number };
  changes: { field: string; oldValue: string | null; newValue: string | null; actorEmail: string | null }[];
}

/** A new MANAGER (made by the admin through the API), signed in with the password. */
async function createManager(origin: string): Promise<{ token: string; email: string }> {
  const email = uniqueEmail('manager');
  const password = `Manager-${Date.now()}`;
  await createStaff(origin, email, password, 'MANAGER');
  const { status, data } = await callApi<{ token: string }>(origin, '/api/auth/login', {
    body: { login: email, password },
  });
  if (status !== 200) throw new Error(`manager login: ${status}`);
  return { token: data.token, email };
}

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const rubles = (amount: number) =>
  plain(
    new Intl.NumberFormat('ru-RU', {
      style: 'currency',
      currency: 'RUB',
      minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
      maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    }).format(amount),
  );

async function fitsAndShoot(page: Page, name: string) {
  const folder = process.env.CARD_SHOTS;
  for (const size of [
    { width: 360, height: 740 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(200);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `the card at ${size.width}px is wider than the screen`).toBeLessThanOrEqual(0);
    if (folder) {
      mkdirSync(folder, { recursive: true });
      await page.screenshot({ path: join(folder, `${name}-${size.width}.png`), fullPage: true });
      // A phone's long page in screen-high slices, readable at their real size.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; size.width < 500 && y < height; y += size.height * 2) {
        await page.screenshot({
          path: join(folder, `${name}-${size.width}-from-${y}.png`),
          fullPage: true,
          clip: { x: 0, y, width: size.width, height: Math.min(size.height * 2, height - y) },
        });
      }
    }
  }
}

describe('the back office’s order card', () => {
  it('an ADMIN changes the amount with a history entry; a MANAGER has no amount control and gets 403', async () => {
    const customerEmail = uniqueEmail('card');
    const customer = await signInByCode(site.origin, customerEmail);
    const placed = await placeOrder(site.origin, customer.token, customerEmail);
    const admin = await signInAdmin(site.origin);
    const before = await callApi<StaffCard>(site.origin, `/api/order/${placed.id}`, {
      method: 'GET',
      token: admin.token,
    });
    const oldAmount = before.data.order.amount;
    const newAmount = Math.round(oldAmount * 100 + 12345) / 100;
    let session: BrowserSession | undefined = await site.openBrowser();
    try {
      const { page } = session;
      await signInStaffBrowser(page, admin.token, 'ADMIN', ADMIN_EMAIL);
      await page.goto(`/crm/orders/${placed.id}`);
      await page.getByRole('heading', { level: 1, name: `Заказ № ${placed.number}` }).waitFor();
      await page.getByLabel('Сумма заказа, ₽').fill(String(newAmount).replace('.', ','));
      await page.getByLabel('Комментарий (необязательно)').fill('Доплата за срочность');
      await page.getByRole('button', { name: 'Изменить сумму' }).click();
      const done = page.getByRole('status').filter({ hasText: 'Сумма изменена' });
      await done.waitFor();
      expect(plain(await done.textContent())).toBe(
        `Сумма изменена: ${rubles(oldAmount)} → ${rubles(newAmount)}`,
      );
      const amountRegion = page.getByRole('region', { name: 'Сумма заказа' });
      await expect.poll(async () => plain(await amountRegion.textContent())).toContain(rubles(newAmount));
      const history = page.getByRole('region', { name: 'История заказа' });
      const entry = history.getByRole('listitem').filter({ hasText: 'Доплата за срочность' });
      await entry.waitFor();
      const entryText = plain(await entry.textContent());
      expect(entryText).toContain(`${rubles(oldAmount)} → ${rubles(newAmount)}`);
      expect(entryText).toContain(`Кто: ${ADMIN_EMAIL} (Администратор)`);
      await fitsAndShoot(page, 'card-admin');

      const after = await callApi<StaffCard>(site.origin, `/api/order/${placed.id}`, {
        method: 'GET',
        token: admin.token,
      });
      expect(after.data.order.amount).toBe(newAmount);
      expect(after.data.changes).toContainEqual(
        expect.objectContaining({
          field: 'AMOUNT',
          oldValue: oldAmount.toFixed(2),
          newValue: newAmount.toFixed(2),
          actorEmail: ADMIN_EMAIL,
        }),
      );
      await session.close();
      session = undefined;

      const manager = await createManager(site.origin);
      session = await site.openBrowser();
      const managerPage = session.page;
      await signInStaffBrowser(managerPage, manager.token, 'MANAGER', manager.email);
      await managerPage.goto(`/crm/orders/${placed.id}`);
      const managerAmount = managerPage.getByRole('region', { name: 'Сумма заказа' });
      await expect.poll(async () => plain(await managerAmount.textContent())).toContain(rubles(newAmount));
      expect(plain(await managerAmount.textContent())).toContain('Сумму меняет только администратор.');
      expect(await managerPage.getByLabel('Сумма заказа, ₽').count()).toBe(0);
      expect(await managerPage.getByRole('button', { name: 'Изменить сумму' }).count()).toBe(0);
      await managerPage.getByLabel('Цена для клиента, ₽').waitFor();
      await fitsAndShoot(managerPage, 'card-manager');

      const refused = await callApi<{ code: string; message: string }>(site.origin, '/api/order/amount', {
        method: 'PATCH',
        token: manager.token,
        body: { id: placed.id, amount: 1 },
      });
      expect(refused).toEqual({
        status: 403,
        data: expect.objectContaining({
          code: 'FORBIDDEN',
          message: 'У вас нет прав на выполнение этого действия',
        }),
      });
      const unchanged = await callApi<StaffCard>(site.origin, `/api/order/${placed.id}`, {
        method: 'GET',
        token: admin.token,
      });
      expect(unchanged.data.order.amount).toBe(newAmount);
    } finally {
      await session?.close();
    }
  });
});
