/**
 * Two flows that need a real browser. A customer adds files to a placed order from its page with
 * the network off: they wait on the device (IndexedDB, the outbox), are shown, and go to the
 * server once when the network is back. An ADMIN invites a manager from /crm/users; the invitee
 * opens the mailed link, sets a password and lands in the back office. With INVITE_SHOTS=<folder>
 * it saves those screens at 360×740 and 1440×900.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox, waitForEmail } from '../../server/test-support/outbox';
import { callApi, signInAdmin, signInByCode, uniqueEmail } from './auth-fixtures';
import { placeOrder, signInBrowser, signInStaffBrowser } from './cabinet-steps';
import { laneServer, openSite, type Site, waitForServiceWorkerControl } from './harness';

let site: Site;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site?.close();
});

async function shot(page: Page, name: string) {
  const folder = process.env.INVITE_SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} is wider than the screen`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('files added to a placed order', () => {
  it('chosen offline wait on the device, are shown, and reach the order once the network is back', async () => {
    const email = uniqueEmail('files');
    const { token } = await signInByCode(site.origin, email);
    const order = await placeOrder(site.origin, token, email);
    const session = await site.openBrowser();
    try {
      const { page } = session;
      await signInBrowser(page, token, email);
      await page.goto(`/cabinet/orders/${order.id}`);
      await waitForServiceWorkerControl(page);
      const files = page.getByRole('region', { name: 'Файлы' });
      await files.getByRole('heading', { name: 'Добавить файлы' }).waitFor();

      await site.goOffline(session);
      await page.getByLabel('Сканы или фотографии документов').setInputFiles([
        { name: 'Паспорт, стр. 2.pdf', mimeType: 'application/pdf', buffer: PDF },
        { name: 'Диплом.pdf', mimeType: 'application/pdf', buffer: PDF },
      ]);
      await files.getByRole('button', { name: 'Отправить файлы' }).click();
      await files
        .getByText('Ждут отправки: Паспорт, стр. 2.pdf, Диплом.pdf — нет связи, отправим, когда она появится')
        .waitFor();
      await shot(page, 'files-waiting-412');

      // Back online: the page's 'online' replay sends them, and the order, read again, lists them.
      await site.goOnline(session);
      await files.getByText(/Диплом\.pdf \(\d+ Байт\) — добавлен/).waitFor({ timeout: 30_000 });
      expect(await files.getByText(/Ждут отправки/).count()).toBe(0);
      const { data } = await callApi<{ order: { files: { name: string; addedByEmail: string }[] } }>(
        site.origin,
        `/api/user/orders/${order.id}`,
        { method: 'GET', token },
      );
      expect(data.order.files.map((file) => file.name).sort()).toEqual(['Диплом.pdf', 'Паспорт, стр. 2.pdf']);
      expect(data.order.files.every((file) => file.addedByEmail === email)).toBe(true);
    } finally {
      await session.close();
    }
  });
});

describe('a staff invitation', () => {
  it('is sent from /crm/users, and its link sets a password and signs the manager in', async () => {
    const admin = await signInAdmin(site.origin);
    const invitee = uniqueEmail('invitee');
    const seen = listOutbox(laneServer().dataDir);
    const session = await site.openBrowser();
    try {
      const { page } = session;
      await signInStaffBrowser(page, admin.token, 'ADMIN', admin.user.email ?? 'admin@perevod.local');
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/crm/users');
      await page.getByRole('button', { name: 'Пригласить сотрудника' }).click();
      const form = page.getByRole('form', { name: 'Пригласить сотрудника' });
      await form.getByLabel(/^Email сотрудника/).fill(invitee);
      await form.getByLabel('Имя и фамилия').fill('Иван Приглашённый-Длиннофамильный');
      await shot(page, 'invite-form-1440');
      await form.getByRole('button', { name: 'Отправить приглашение' }).click();
      await page.getByRole('list', { name: 'Ждут ответа' }).getByText(invitee).waitFor();
      await page.setViewportSize({ width: 360, height: 740 });
      await shot(page, 'users-invitations-360');

      const mail = await waitForEmail(
        laneServer().dataDir,
        { to: invitee, template: 'staff-invitation', seen },
        15_000,
      );
      const link = /https?:\/\/[^\s]+\/crm-invite\?token=[\w-]+/.exec(mail.text)?.[0];
      expect(link, mail.text).toBeDefined();
      const path = new URL(link as string).pathname + new URL(link as string).search;
      // The invitee's own browser: a fresh profile, nobody signed in.
      const theirs = await site.openBrowser();
      try {
        await theirs.page.setViewportSize({ width: 360, height: 740 });
        await theirs.page.goto(path);
        await theirs.page.getByText(/вас пригласили в рабочий кабинет/).waitFor();
        await shot(theirs.page, 'invitation-360');
        await theirs.page.getByLabel('Новый пароль').fill('Xk7-pQ2m-vR9t');
        await theirs.page.getByLabel('Пароль ещё раз').fill('Xk7-pQ2m-vR9t');
        await theirs.page.getByRole('button', { name: 'Задать пароль и войти' }).click();
        await theirs.page.waitForURL('**/crm/home');
        await theirs.page.getByRole('heading', { level: 1, name: 'Заявки' }).waitFor();
        // The link works once; from now on the email and the password.
        const again = await callApi(site.origin, '/api/auth/invitation/accept', {
          body: { token: new URL(link as string).searchParams.get('token'), password: 'another-pass' },
        });
        expect(again.status).toBe(409);
        const login = await callApi(site.origin, '/api/auth/login', {
          body: { login: invitee, password: 'Xk7-pQ2m-vR9t' },
        });
        expect(login.status).toBe(200);
      } finally {
        await theirs.close();
      }
    } finally {
      await session.close();
    }
  });
});
