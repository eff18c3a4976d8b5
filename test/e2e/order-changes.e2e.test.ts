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

describe('an order at a pickup point that has since closed', () => {
  for (const size of [PHONE, { width: 1440, height: 900 }]) {
    it(`says the point is closed, asks for another one beside the field and prices the move at ${size.width} px`, async () => {
      const admin = await signInAdmin(site.origin);
      const created = await callApi<{ id: number }>(site.origin, '/api/point', {
        token: admin.token,
        body: {
          name: `Пункт выдачи «Пятницкая, 12, вход со двора» ${size.width}`,
          schedule: 'Пн–Пт 10:00–21:00',
          address: 'Москва, Пятницкая улица, дом 12, строение 1',
          lat: 55.742,
          lon: 37.628,
          partnerId: 1,
        },
      });
      expect(created.status, JSON.stringify(created.data)).toBe(201);
      const email = uniqueEmail('closed-point');
      const { token } = await signInByCode(site.origin, email);
      const order = await placeOrder(site.origin, token, email, { pickupPointId: created.data.id });
      const closed = await callApi(site.origin, '/api/point/status', {
        method: 'PATCH',
        token: admin.token,
        body: { id: created.data.id, isActive: false },
      });
      expect(closed.status).toBe(200);
      const session = await site.openBrowser();
      const { page } = session;
      try {
        await page.setViewportSize(size);
        await signInBrowser(page, token, email);
        await page.goto(`/cabinet/orders/${order.id}`);
        await page.getByRole('button', { name: 'Изменить заказ' }).click();
        const point = page.getByLabel('Пункт выдачи', { exact: true });
        await expect
          .poll(() => point.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent))
          .toBe(`Пункт выдачи «Пятницкая, 12, вход со двора» ${size.width} — не принимает новые заказы`);
        if (size.width === PHONE.width) await expectFitsPhone(page, 'the change form with a closed point');
        // Said before anything is pressed, whatever the width leaves of the option's text.
        expect(await page.locator('#change-point-hint').textContent()).toMatch(/больше не принимает заказы/);
        await page.getByRole('button', { name: 'Рассчитать стоимость' }).click();
        const problem = page.locator('#change-point-error');
        await expect
          .poll(() => problem.textContent(), { timeout: 20_000 })
          .toBe('Этот пункт больше не принимает заказы — выберите другой');
        expect(await point.getAttribute('aria-describedby')).toBe('change-point-hint change-point-error');
        await shot(page, 'order-change-closed-point');
        await point.selectOption({ label: 'Пункт выдачи «Тверская»' });
        await expect.poll(() => problem.count()).toBe(0);
        await page.getByRole('button', { name: 'Рассчитать стоимость' }).click();
        await page.getByTestId('change-new-amount').waitFor({ timeout: 20_000 });
        await shot(page, 'order-change-new-point');
      } finally {
        await session.close();
      }
    });
  }
});
