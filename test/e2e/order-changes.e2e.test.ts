/**
 * A customer changes a placed order in the cabinet before the bureau starts, at 360×740 and
 * 1440×900: an order awaiting payment, one passport into English → three copies, a second language;
 * the server's new price shows before «Сохранить изменения», the order is back to «Новый» with the
 * new sum and the changes in its history. Once staff start the translation the change is no longer
 * offered, and the API refuses it with 409 in Russian, pointing to the conversation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAdmin, signInByCode, uniqueEmail } from './auth-fixtures';
import { placeOrder, signInBrowser } from './cabinet-steps';
import { openSite, type Site } from './harness';
import { expectFitsPhone, PHONE } from './phone-fit';
import { shot } from './screenshots';

let site: Site;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site?.close();
});

async function setStatus(id: number, status: string, expectedStatus: string) {
  const admin = await signInAdmin(site.origin);
  const { status: code, data } = await callApi(site.origin, '/api/order/status', {
    method: 'PATCH',
    token: admin.token,
    body: { id, status, expectedStatus },
  });
  expect(code, JSON.stringify(data)).toBe(200);
}

describe('changes to an order before work starts', () => {
  for (const size of [PHONE, { width: 1440, height: 900 }]) {
    it(`are priced by the server, saved and listed at ${size.width} px; refused once work started`, async () => {
      const email = uniqueEmail('change');
      const { token } = await signInByCode(site.origin, email);
      const order = await placeOrder(site.origin, token, email);
      await setStatus(order.id, 'AWAITING_PAYMENT', 'NEW');
      const session = await site.openBrowser();
      const { page } = session;
      try {
        await page.setViewportSize(size);
        await signInBrowser(page, token, email);
        await page.goto(`/cabinet/orders/${order.id}`);
        await page.getByRole('button', { name: 'Изменить заказ' }).click();
        await page.getByLabel('Копий').fill('3');
        await page.getByLabel('Добавить язык').selectOption('de');
        await page.getByLabel('Немецкий').waitFor();
        // No save before the server has priced the change.
        expect(await page.getByRole('button', { name: 'Сохранить изменения' }).count()).toBe(0);
        await page.getByRole('button', { name: 'Рассчитать стоимость' }).click();
        const amount = page.getByTestId('change-new-amount');
        // 1 200 ₽ × 3 copies × 2 languages.
        await expect.poll(() => amount.textContent(), { timeout: 20_000 }).toMatch(/7\s200\s₽/);
        if (size.width === PHONE.width) await expectFitsPhone(page, 'the change with its price');
        await shot(page, 'order-change-preview');
        await page.getByRole('button', { name: 'Сохранить изменения' }).click();
        await page.getByText(/Заказ изменён\. Новая сумма: 7\s200\s₽/).waitFor({ timeout: 20_000 });
        const history = page.getByText('Изменения заказа');
        await history.waitFor();
        expect(await page.locator('main').textContent()).toMatch(/Паспорт, копий: 1 → 3/);
        await shot(page, 'order-change-saved');

        const { data } = await callApi<{ order: { status: string; amount: number } }>(
          site.origin,
          `/api/user/orders/${order.id}`,
          { method: 'GET', token },
        );
        // Back to the bureau to confirm the new price.
        expect(data.order).toMatchObject({ status: 'NEW', amount: 7200 });

        // The bureau starts: the change is no longer offered, and the API says why.
        await setStatus(order.id, 'IN_TRANSLATION', 'NEW');
        await page.reload();
        // The stored copy shows first; the server's answer says the translation is under way.
        await page.getByText('В работе у переводчика').first().waitFor({ timeout: 20_000 });
        await expect.poll(() => page.getByRole('button', { name: 'Изменить заказ' }).count()).toBe(0);
        const refused = await callApi<{ message: string }>(site.origin, `/api/user/orders/${order.id}`, {
          method: 'PATCH',
          token,
          body: {
            orderDocuments: [{ documentId: 1, quantity: 1 }],
            urgent: false,
            deliveryType: 'OFFICE',
          },
        });
        expect(refused.status).toBe(409);
        expect(refused.data.message).toContain('Бюро уже начало работу над заказом');
      } finally {
        await session.close();
      }
    });
  }
});
