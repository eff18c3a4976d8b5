/**
 * Issue 34's refunds in Chromium against the real server, on a 360×740 phone and a 1440×900
 * screen: a customer pays an order by card on the demo page; an ADMIN cancels it on the order card
 * with part of the money returned (the dialog asks how much and why); the card shows «Возврат N ₽ —
 * …», the customer's cabinet order shows it with when the money arrives, the customer got the
 * refund's mail, the monitor and the statistics count it. With SHOTS=<folder> it saves screenshots.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, callApi, signInAdmin, signInByCode, uniqueEmail } from './auth-fixtures';
import { placeOrder, signInBrowser, signInStaffBrowser } from './cabinet-steps';
import { laneServer, openSite, type Site } from './harness';
import { PHONE, phoneProblems } from './phone-fit';
import { shot } from './screenshots';

const DESKTOP = { width: 1440, height: 900 } as const;

let site: Site;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site?.close();
});

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** The refund's mails to an address in the server's outbox (DATA_DIR/outbox). */
function refundMails(email: string): string[] {
  const folder = join(laneServer().dataDir, 'outbox');
  return existsSync(folder) ? readdirSync(folder).filter((name) => name.includes(`-${email}-refund-`)) : [];
}

/** An order the customer has paid by card on the demo page, as the cabinet does it. */
async function paidOrder(page: Page) {
  const email = uniqueEmail('refund');
  const { token } = await signInByCode(site.origin, email);
  const order = await placeOrder(site.origin, token, email);
  const admin = await signInAdmin(site.origin);
  const confirmed = await callApi(site.origin, '/api/order/status', {
    method: 'PATCH',
    token: admin.token,
    body: { id: order.id, status: 'AWAITING_PAYMENT', expectedStatus: 'NEW' },
  });
  expect(confirmed.status, JSON.stringify(confirmed.data)).toBe(200);
  await signInBrowser(page, token, email);
  await page.goto(`/cabinet/orders/${order.id}`);
  await page.getByRole('button', { name: 'Оплатить картой' }).click();
  await page.waitForURL(/\/pay\/demo\//);
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await page.waitForURL(/\/cabinet/);
  const { data } = await callApi<{ order: { status: string; amount: number } }>(
    site.origin,
    `/api/user/orders/${order.id}`,
    { method: 'GET', token },
  );
  expect(data.order.status).toBe('PAID');
  return { ...order, amount: data.order.amount, email, token, admin };
}

describe('a refund of a paid order', () => {
  for (const size of [PHONE, DESKTOP]) {
    it(`at ${size.width}×${size.height}: staff return part of the money; the card, the cabinet, the mail and the monitor show it`, async () => {
      const customer = await site.openBrowser();
      const staff = await site.openBrowser();
      try {
        await customer.page.setViewportSize(size);
        const order = await paidOrder(customer.page);

        const { page } = staff;
        await page.setViewportSize(size);
        await signInStaffBrowser(page, order.admin.token, 'ADMIN', ADMIN_EMAIL);
        await page.goto(`/crm/orders/${order.id}`);
        const section = page.getByRole('region', { name: 'Возврат денег' });
        await section.getByRole('button', { name: 'Отменить с возвратом денег' }).click();
        const dialog = page.getByRole('dialog', { name: `Возврат по заказу № ${order.number}` });
        const amount = dialog.getByLabel('Сумма возврата, ₽');
        // The whole amount by default; less for a partial refund.
        expect(Number((await amount.inputValue()).replace(',', '.'))).toBe(order.amount);
        await amount.fill('1000');
        await dialog.getByLabel('Причина').fill('Заверение не понадобилось: возвращаем его стоимость');
        await shot(page, 'refund-dialog');
        if (size === PHONE) expect(await phoneProblems(page)).toEqual([]);
        await dialog.getByRole('button', { name: 'Отменить заказ и вернуть деньги' }).click();
        await section.getByText(/Возврат 1\s000\s₽ — (в обработке|выполнен)/).waitFor();
        // The send-refund task settles the demo refund: the card says so once it reads it again.
        await expect
          .poll(
            async () => {
              await page.reload();
              return plain(await page.getByTestId('refund').textContent());
            },
            { timeout: 30_000, interval: 1_000 },
          )
          .toContain('Возврат 1 000 ₽ — выполнен');
        expect(plain(await page.getByTestId('refund').textContent())).toContain(
          'Причина: Заверение не понадобилось: возвращаем его стоимость',
        );
        expect(plain(await page.getByRole('main').textContent())).toContain('Отменён');
        await shot(page, 'card-refund');
        if (size === PHONE) expect(await phoneProblems(page)).toEqual([]);

        // The customer's order: the refund, and when the money arrives for a card payment.
        await customer.page.goto(`/cabinet/orders/${order.id}`);
        const shown = customer.page.getByTestId('refund');
        await shown.waitFor();
        await expect
          .poll(async () => plain(await shown.textContent()))
          .toContain('Возврат 1 000 ₽ — выполнен');
        expect(plain(await shown.textContent())).toContain(
          'Деньги вернутся на карту, с которой вы платили, — обычно до 10 рабочих дней',
        );
        await shot(customer.page, 'cabinet-refund');
        if (size === PHONE) expect(await phoneProblems(customer.page)).toEqual([]);
        await expect
          .poll(() =>
            refundMails(order.email)
              .map((name) => name.replace(/^.*-(refund-[a-z]+)\.eml$/, '$1'))
              .sort(),
          )
          .toEqual(['refund-made', 'refund-succeeded']);

        // The monitor lists no refund of this order (it is done); the statistics count it.
        if (size === DESKTOP) {
          await page.goto('/crm/monitoring');
          await page.getByRole('heading', { level: 2, name: 'Возвраты в обработке и с ошибкой' }).waitFor();
          await shot(page, 'monitoring');
          await page.goto('/crm/stats');
          await page.getByText('Возвраты (выручка — за их вычетом)').waitFor();
          await shot(page, 'stats');
        }
        expect(staff.cspViolations).toEqual([]);
      } finally {
        await customer.close();
        await staff.close();
      }
    });
  }
});
