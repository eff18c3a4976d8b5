/**
 * The bureau's work loop in a real browser, each side on its own device: a manager at a desktop
 * (1440×900) attaches the finished translation and the customer downloads it on a phone
 * (360×740); the customer asks a question with the network off — it waits on the phone as «ждёт
 * сети» and reaches the bureau once when the network is back — the manager sees it in the list
 * and on the card, and answers. With WORK_LOOP_SHOTS=<folder> it saves these screens at both sizes.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox, waitForEmail } from '../../server/test-support/outbox';
import { callApi, createStaff, signInByCode, uniqueEmail } from './auth-fixtures';
import { placeOrder, signInBrowser, signInStaffBrowser } from './cabinet-steps';
import { laneServer, openSite, type Site, waitForServiceWorkerControl } from './harness';
import { expectFitsPhone, PHONE } from './phone-fit';

const DESKTOP = { width: 1440, height: 900 } as const;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let site: Site;
let manager: { token: string; email: string };
beforeAll(async () => {
  site = await openSite();
  const email = uniqueEmail('work-loop-manager');
  const password = 'Wl-7pQ2m-vR9t';
  await createStaff(site.origin, email, password, 'MANAGER');
  const { data } = await callApi<{ token: string }>(site.origin, '/api/auth/login', {
    body: { login: email, password },
  });
  manager = { token: data.token, email };
});
afterAll(async () => {
  await site?.close();
});

async function shot(page: Page, name: string) {
  const folder = process.env.WORK_LOOP_SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
}

/**
 * Opens a page of the app. Right after a session is stored the sign-in page may still be moving on
 * by itself, and a navigation started then is cut short (net::ERR_ABORTED): once, it is made again.
 */
async function open(page: Page, path: string) {
  try {
    await page.goto(path);
  } catch (error) {
    if (!String(error).includes('ERR_ABORTED')) throw error;
    await page.waitForLoadState('load');
    await page.goto(path);
  }
}

/** A customer signed in by code, with an order placed at the office and moved on by the bureau. */
async function customerWithOrder(label: string) {
  const email = uniqueEmail(label);
  const { token } = await signInByCode(site.origin, email);
  const order = await placeOrder(site.origin, token, email);
  for (const status of ['IN_TRANSLATION', 'READY']) {
    const moved = await callApi(site.origin, '/api/order/status', {
      method: 'PATCH',
      token: manager.token,
      body: { id: order.id, status },
    });
    expect(moved.status).toBe(200);
  }
  return { email, token, order };
}

describe("the bureau's work loop", () => {
  it('a manager attaches the translation at a desktop, and the customer downloads it on a phone', {
    timeout: 180_000,
  }, async () => {
    const { email, token, order } = await customerWithOrder('work-loop-result');
    const seen = listOutbox(laneServer().dataDir);
    const office = await site.openBrowser();
    try {
      const { page } = office;
      await page.setViewportSize(DESKTOP);
      await signInStaffBrowser(page, manager.token, 'MANAGER', manager.email);
      await open(page, `/crm/orders/${order.id}`);
      const results = page.getByRole('region', { name: 'Готовый перевод' });
      await results.getByText('Файлы перевода ещё не прикреплены.').waitFor();
      await results
        .getByLabel('Файлы перевода')
        .setInputFiles([{ name: 'Перевод паспорта.pdf', mimeType: 'application/pdf', buffer: PDF }]);
      await results
        .getByLabel('Комментарий для клиента (необязательно)')
        .fill('Оригинал с печатью нотариуса ждёт вас в офисе');
      await results.getByRole('button', { name: 'Прикрепить и отправить клиенту' }).click();
      await results
        .getByRole('button', { name: 'Перевод паспорта.pdf', exact: true })
        .waitFor({ timeout: 30_000 });
      await shot(page, 'card-results-1440');
    } finally {
      await office.close();
    }

    const mail = await waitForEmail(
      laneServer().dataDir,
      { to: email, template: 'order-results', seen },
      30_000,
    );
    expect(mail.text).toContain('Перевод паспорта.pdf');

    const phone = await site.openBrowser();
    try {
      const { page } = phone;
      await page.setViewportSize(PHONE);
      await signInBrowser(page, token, email);
      await open(page, `/cabinet/orders/${order.id}`);
      const results = page.getByRole('region', { name: 'Готовый перевод' });
      await results.getByText('Оригинал с печатью нотариуса ждёт вас в офисе').waitFor();
      await expectFitsPhone(page, 'the cabinet order with the translation');
      await shot(page, 'cabinet-results-360');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        results.getByRole('button', { name: 'Перевод паспорта.pdf', exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('Перевод паспорта.pdf');
      expect(readFileSync(await download.path()).equals(PDF)).toBe(true);
    } finally {
      await phone.close();
    }
  });

  it('a question written offline on the phone reaches the bureau once, and the manager answers it', {
    timeout: 240_000,
  }, async () => {
    const { email, token, order } = await customerWithOrder('work-loop-question');
    const question =
      'Здравствуйте! Можно ли забрать перевод в субботу? И ещё: в дипломе фамилия написана через «е», а в загранпаспорте — SEMYONOVA. Пожалуйста, сделайте как в загранпаспорте, чтобы в консульстве не было вопросов.';
    const phone = await site.openBrowser();
    try {
      const { page } = phone;
      await page.setViewportSize(PHONE);
      await signInBrowser(page, token, email);
      await open(page, `/cabinet/orders/${order.id}`);
      await waitForServiceWorkerControl(page);
      const thread = page.getByRole('region', { name: 'Переписка' });
      await thread.getByText(/Сообщений пока нет/).waitFor();

      await site.goOffline(phone);
      await thread.getByLabel('Ваше сообщение').fill(question);
      await thread.getByRole('button', { name: 'Отправить' }).click();
      await thread.getByText('ждёт сети').waitFor();
      await shot(page, 'cabinet-question-offline-360');

      await site.goOnline(phone);
      await thread.getByText('доставлено').waitFor({ timeout: 30_000 });
      expect(await thread.getByText('ждёт сети').count()).toBe(0);
      const { data } = await callApi<{ messages: { side: string; text: string }[] }>(
        site.origin,
        `/api/order/${order.id}/messages`,
        { method: 'GET', token: manager.token },
      );
      expect(data.messages).toEqual([expect.objectContaining({ side: 'CUSTOMER', text: question })]);
    } finally {
      await phone.close();
    }

    const office = await site.openBrowser();
    try {
      const { page } = office;
      await page.setViewportSize(DESKTOP);
      await signInStaffBrowser(page, manager.token, 'MANAGER', manager.email);
      await open(page, `/crm/home?search=${order.number}`);
      const row = page.getByRole('row').filter({ hasText: `№ ${order.number}` });
      await row.getByText('1 новое сообщение').waitFor();
      await shot(page, 'list-badge-1440');
      await row.getByRole('link', { name: `№ ${order.number}` }).click();
      // The card says so at its top; the link leads down to the conversation, which reads it.
      await page.getByRole('link', { name: /^Клиент ждёт ответа/ }).click();
      const thread = page.getByRole('region', { name: 'Переписка с клиентом' });
      await thread.getByText(question).waitFor();
      await thread.getByText('Новые сообщения').waitFor();
      await thread
        .getByLabel('Сообщение клиенту')
        .fill(
          'Да, в субботу офис работает с 10:00 до 16:00. Фамилию напишем как в загранпаспорте: SEMYONOVA.',
        );
      await thread.getByRole('button', { name: 'Отправить' }).click();
      await thread
        .getByRole('list', { name: 'Сообщения' })
        .getByText(/SEMYONOVA\.$/)
        .waitFor();
      await thread.getByText('доставлено').waitFor({ timeout: 30_000 });
      expect(await page.getByRole('link', { name: /^Клиент ждёт ответа/ }).count()).toBe(0);
      const notes = page.getByRole('region', { name: 'Заметки для сотрудников' });
      await notes
        .getByLabel('Новая заметка')
        .fill('Клиент просил фамилию как в загранпаспорте — проверить при вычитке');
      await notes.getByRole('button', { name: 'Сохранить заметку' }).click();
      await notes.getByText('Заметка сохранена').waitFor();
      await shot(page, 'card-thread-notes-1440');
      // Read and answered: the list's badge is gone.
      await open(page, `/crm/home?search=${order.number}`);
      await row.waitFor();
      // The stored copy shows first; the server's answer, read a moment later, has no badge.
      await row.getByText('1 новое сообщение').waitFor({ state: 'hidden', timeout: 30_000 });
    } finally {
      await office.close();
    }

    const { data } = await callApi<{ messages: { side: string }[]; unread: number }>(
      site.origin,
      `/api/user/orders/${order.id}/messages`,
      { method: 'GET', token },
    );
    expect(data.messages.map((message) => message.side)).toEqual(['CUSTOMER', 'BUREAU']);
    expect(data.unread).toBe(1);
    const again = await site.openBrowser();
    try {
      const { page } = again;
      await page.setViewportSize(PHONE);
      await signInBrowser(page, token, email);
      await open(page, `/cabinet/orders/${order.id}`);
      const thread = page.getByRole('region', { name: 'Переписка' });
      await thread.getByText('Новые сообщения').waitFor();
      await thread
        .getByRole('list', { name: 'Сообщения' })
        .getByText(/SEMYONOVA\.$/)
        .waitFor();
      await expectFitsPhone(page, 'the cabinet order with its conversation');
      await shot(page, 'cabinet-thread-360');
    } finally {
      await again.close();
    }
  });
});
