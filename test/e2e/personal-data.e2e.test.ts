/**
 * A customer's rights in Chromium against the real server, at 360×740 and 1440×900: «Скачать мои
 * данные» delivers a ZIP holding their scan; «Удалить аккаунт» is refused while an order is open
 * (the dialog names it), then goes through and lands on «Аккаунт удалён»; signing in again with
 * the email shows an empty cabinet, and the bureau still has the order's number with «удалено».
 * Then an ADMIN does the same from /crm/users on a written request.
 * With PERSONAL_DATA_SHOTS=<folder> it saves each screen at both sizes.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAdmin, signInByCode, uniqueEmail } from './auth-fixtures';
import { demoOrderBody, signInBrowser, signInStaffBrowser } from './cabinet-steps';
import { openSite, type Site } from './harness';

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
] as const;

const shots = process.env.PERSONAL_DATA_SHOTS;

/** Fails when the page is wider than the screen; saves a screenshot when asked to. */
async function look(page: Page, name: string, fullPage = true) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} is wider than the screen`).toBeLessThanOrEqual(0);
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  // A dialog rises in over 300 ms: the picture is of the settled screen.
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage });
}

/** A customer with one order carrying one uploaded scan. */
async function customerWithScan(label: string) {
  const email = uniqueEmail(label);
  const { token } = await signInByCode(site.origin, email);
  const scan = Buffer.from(`%PDF-1.4\n% скан ${email}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);
  const form = new FormData();
  form.append('files', new Blob([scan], { type: 'application/pdf' }), 'паспорт.pdf');
  const uploaded = await fetch(`${site.origin}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const [file] = ((await uploaded.json()) as { files: { id: string }[] }).files;
  const { status, data } = await callApi<{ order: { id: number; number: string } }>(
    site.origin,
    '/api/order',
    {
      token,
      body: {
        ...(await demoOrderBody(site.origin, email)),
        files: [file?.id],
        name: 'Евлампия Черноморская',
      },
    },
  );
  expect(status).toBe(201);
  return { email, token, scan, order: data.order };
}

async function downloadedZip(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  expect(path).toBeTruthy();
  return {
    name: download.suggestedFilename(),
    archive: unzipSync(new Uint8Array(readFileSync(path as string))),
  };
}

describe('the customer’s rights in the cabinet', () => {
  it.each(SIZES)('downloads the data and deletes the account at $width×$height', async (size) => {
    const customer = await customerWithScan(`rights-${size.name}`);
    const session = await site.openBrowser();
    try {
      const { page } = session;
      await page.setViewportSize({ width: size.width, height: size.height });
      await signInBrowser(page, customer.token, customer.email);
      await page.goto('/cabinet/profile');
      const section = page.getByRole('region', { name: 'Ваши данные' });
      await section.waitFor();
      await section.scrollIntoViewIfNeeded();
      await look(page, `profile-${size.name}`);

      const { name, archive } = await downloadedZip(page, () =>
        section.getByRole('button', { name: 'Скачать мои данные' }).click(),
      );
      expect(name).toMatch(/^Мои данные \d{4}-\d{2}-\d{2}\.zip$/);
      const scan = archive[`files/${customer.order.number}/паспорт.pdf`];
      expect(scan && Buffer.from(scan).equals(customer.scan)).toBe(true);
      expect(JSON.parse(Buffer.from(archive['profile.json'] as Uint8Array).toString()).email).toBe(
        customer.email,
      );
      await section.getByText(/^Архив «Мои данные .*» скачан$/).waitFor();

      // The order is still new: the deletion is refused, naming it.
      await section.getByRole('button', { name: 'Удалить аккаунт' }).click();
      const dialog = page.getByRole('dialog', { name: 'Удалить аккаунт?' });
      await dialog.waitFor();
      await look(page, `dialog-${size.name}`, false);
      const word = dialog.getByLabel('Чтобы подтвердить, введите слово УДАЛИТЬ');
      await dialog.getByRole('button', { name: 'Удалить аккаунт навсегда' }).click();
      await dialog.getByText('Есть ошибки').waitFor();
      await word.fill('удалить');
      await dialog.getByRole('button', { name: 'Удалить аккаунт навсегда' }).click();
      const refusal = dialog.getByRole('alert').filter({ hasText: 'Сначала завершите или отмените заказы' });
      await refusal.waitFor();
      expect(await refusal.getByRole('link', { name: `Заказ № ${customer.order.number}` }).isVisible()).toBe(
        true,
      );
      await look(page, `dialog-refused-${size.name}`, false);

      // Cancelled (it was not paid), the account goes.
      const cancelled = await callApi(site.origin, `/api/user/orders/${customer.order.id}/cancel`, {
        token: customer.token,
      });
      expect(cancelled.status).toBe(200);
      await dialog.getByRole('button', { name: 'Удалить аккаунт навсегда' }).click();
      await page.getByRole('heading', { level: 1, name: 'Аккаунт удалён' }).waitFor();
      await expect.poll(() => page.title()).toBe('Аккаунт удалён — Бюро переводов');
      expect(new URL(page.url()).pathname).toBe('/account-deleted');
      expect(await page.evaluate(() => localStorage.getItem('cabinet_token'))).toBeNull();
      await look(page, `deleted-${size.name}`);
      // The old session is over on the server too.
      expect(
        (await callApi(site.origin, '/api/user/orders', { method: 'GET', token: customer.token })).status,
      ).toBe(401);

      // The same email starts again with an empty cabinet.
      const again = await signInByCode(site.origin, customer.email);
      await signInBrowser(page, again.token, customer.email);
      await page.goto('/cabinet/orders');
      await page.getByText('У вас пока нет заказов.').waitFor();

      // The bureau keeps the order's number and amount, with «удалено» for her.
      const admin = await signInAdmin(site.origin);
      const card = await callApi<{ order: { number: string; name: string; email: string } }>(
        site.origin,
        `/api/order/${customer.order.id}`,
        { method: 'GET', token: admin.token },
      );
      expect(card.data.order).toMatchObject({
        number: customer.order.number,
        name: 'удалено',
        email: 'удалено',
      });
    } finally {
      await session.close();
    }
  });
});

describe('an ADMIN on a written request', () => {
  it.each(SIZES)('downloads and erases a customer’s data from /crm/users at $width×$height', async (size) => {
    const customer = await customerWithScan(`crm-rights-${size.name}`);
    const cancelled = await callApi(site.origin, `/api/user/orders/${customer.order.id}/cancel`, {
      token: customer.token,
    });
    expect(cancelled.status).toBe(200);
    const admin = await signInAdmin(site.origin);
    const session = await site.openBrowser();
    try {
      const { page } = session;
      await page.setViewportSize({ width: size.width, height: size.height });
      await signInStaffBrowser(page, admin.token, 'ADMIN', admin.user.email ?? 'admin@perevod.local');
      await page.goto('/crm/users');
      await page.getByLabel('Поиск', { exact: true }).fill(customer.email);
      await page.getByRole('button', { name: 'Найти' }).click();
      // The account took the name of the order placed while signed in; the search leaves one row.
      await page.getByRole('button', { name: 'Управлять: Евлампия Черноморская' }).click();
      const panel = page.getByRole('dialog', { name: 'Евлампия Черноморская' });
      const section = panel.getByRole('region', { name: 'Персональные данные' });
      await section.waitFor();
      await section.scrollIntoViewIfNeeded();
      await look(page, `crm-panel-${size.name}`, false);

      const { name, archive } = await downloadedZip(page, () =>
        section.getByRole('button', { name: 'Выгрузить данные' }).click(),
      );
      expect(name).toMatch(/^Данные клиента \d+ \d{4}-\d{2}-\d{2}\.zip$/);
      expect(archive[`files/${customer.order.number}/паспорт.pdf`]).toBeTruthy();

      await section.getByRole('button', { name: 'Удалить персональные данные' }).click();
      const dialog = page.getByRole('dialog', {
        name: 'Удалить персональные данные: Евлампия Черноморская?',
      });
      await dialog.waitFor();
      await dialog.getByLabel('Основание: письменное заявление клиента').fill('заявление от 12.11.2026');
      await look(page, `crm-dialog-${size.name}`, false);
      await dialog.getByRole('button', { name: 'Удалить данные клиента' }).click();
      // The notice says it is done; searched by an email the account no longer has, it is gone.
      await page
        .getByText('Персональные данные Евлампия Черноморская удалены: заказов сохранено 1, сканов удалено 1')
        .waitFor();
      await page.getByText('Найдено: 0').waitFor();
      await look(page, `crm-erased-${size.name}`, false);
      const card = await callApi<{ order: { name: string } }>(
        site.origin,
        `/api/order/${customer.order.id}`,
        {
          method: 'GET',
          token: admin.token,
        },
      );
      expect(card.data.order.name).toBe('удалено');
    } finally {
      await session.close();
    }
  });
});
