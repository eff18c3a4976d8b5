/**
 * The order flow in Chromium against the real server: four steps with a draft that survives a
 * reload, a real upload, and the order created once — online at once, offline from the outbox
 * when the network returns. The server's confirmation emails (DATA_DIR/outbox) prove what it stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSite, type Site, waitForServiceWorkerControl } from './harness';
import { confirmations, fillStepOne, fillStepThree, nextStep, sendOrder } from './order-steps';

let site: Site;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site?.close();
});

describe('order flow', () => {
  it('goes through four steps, keeps the draft over a reload, uploads a file and creates the order', async () => {
    const session = await site.openBrowser();
    const { page } = session;
    try {
      await fillStepOne(page);
      await page.getByLabel('Файлы документов').setInputFiles({
        name: 'passport.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
      });
      await expect
        .poll(() => page.getByRole('list', { name: 'Выбранные файлы' }).textContent())
        .toContain('загружен');

      // A reload loses nothing: the choices and the file are still there.
      await page.reload();
      await expect
        .poll(() => page.getByRole('list', { name: 'Выбранные файлы' }).textContent())
        .toContain('passport.pdf');
      // Step 1 is painted from the server's HTML first; the draft's ticks come once the app has it.
      await page.goto('/order/step-1?t=1');
      await expect.poll(() => page.getByRole('checkbox', { name: /Паспорт/ }).isChecked()).toBe(true);
      expect(await page.getByRole('textbox', { name: 'Экземпляров' }).inputValue()).toBe('2');
      await nextStep(page, 1);

      const email = 'e2e.online@example.ru';
      await fillStepThree(page, email);
      await expect
        .poll(() => page.getByRole('region', { name: 'Проверьте заказ' }).textContent())
        .toContain('passport.pdf');
      await sendOrder(page);
      await page.waitForURL('**/order/success**');
      await page.getByRole('heading', { name: 'Заказ оформлен' }).waitFor();
      const number = (await page.getByText(/Номер заказа/).textContent())?.match(/\d{4}-\d{5}/)?.[0];
      expect(number).toBeTruthy();
      await expect.poll(() => confirmations(email).length, { timeout: 15_000 }).toBe(1);
      expect(confirmations(email)[0]).toContain(number);
    } finally {
      await session.close();
    }
  });

  it('keeps an order made offline and sends it once when the network returns', async () => {
    const session = await site.openBrowser();
    const { page } = session;
    try {
      await fillStepOne(page);
      await waitForServiceWorkerControl(page);
      const email = 'e2e.offline@example.ru';
      await fillStepThree(page, email);

      await site.goOffline(session);
      await sendOrder(page);
      await page.getByRole('heading', { name: 'Заказ сохранён и ждёт отправки' }).waitFor();
      await page.getByText('Заказов ожидают отправки: 1').waitFor();

      // Still there after a reload without network.
      await page.reload();
      await page.getByText('Заказов ожидают отправки: 1').waitFor();
      expect(confirmations(email)).toHaveLength(0);

      await site.goOnline(session);
      await page.getByRole('heading', { name: 'Заказ оформлен' }).waitFor({ timeout: 30_000 });
      await expect.poll(() => confirmations(email).length, { timeout: 15_000 }).toBe(1);
      // A further replay (the worker's sync, another tab) sends nothing more.
      await page.reload();
      await page.getByRole('heading', { name: 'Заказ оформлен' }).waitFor();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(confirmations(email)).toHaveLength(1);
    } finally {
      await session.close();
    }
  });
});
