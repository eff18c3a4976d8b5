/**
 * Issue 36: «Где мой заказ?» without signing in, in Chromium against the real server. A customer
 * who never signed in places an order, sees its tracking link on the success page, opens the link
 * from the confirmation mail and sees the order move when staff change its status; /track finds
 * an order by its number and a phone typed another way, with the GOV.UK errors first; the order's
 * page opens offline after one visit, with its age. On a 360 px phone and a 1440 px desktop.
 * With SHOTS=<folder> it saves the screens.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAdmin, uniqueEmail } from './auth-fixtures';
import { demoOrderBody } from './cabinet-steps';
import { openSite, type Site, waitForServiceWorkerControl } from './harness';
import { confirmations, fillStepOne, fillStepThree, sendOrder } from './order-steps';
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

/** The tracking link of the order's confirmation mail (quoted-printable, its soft breaks undone). */
function trackingPathOfMail(email: string): string {
  const mail = (confirmations(email)[0] ?? '').replace(/=\r?\n/g, '');
  const path = /\/track\/[A-Za-z0-9_-]{43}/.exec(mail)?.[0];
  if (!path) throw new Error(`no tracking link in the confirmation mail to ${email}`);
  return path;
}

async function moveOrder(orderId: number, status: string, expectedStatus: string) {
  const admin = await signInAdmin(site.origin);
  const moved = await callApi(site.origin, '/api/order/status', {
    method: 'PATCH',
    token: admin.token,
    body: { id: orderId, status, expectedStatus },
  });
  expect(moved.status, JSON.stringify(moved.data)).toBe(200);
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

describe('following an order without signing in', () => {
  it("shows the link on the success page, opens the mail's link and sees the order move after staff change its status (360 px)", async () => {
    const session = await site.openBrowser();
    const { page } = session;
    try {
      await page.setViewportSize(PHONE);
      const email = uniqueEmail('tracking');
      await fillStepOne(page);
      await fillStepThree(page, email);
      await sendOrder(page);
      await page.getByRole('heading', { name: 'Заказ оформлен' }).waitFor();
      const follow = page.getByRole('region', { name: 'Следить за заказом' });
      const shownLink = await follow.getByRole('link', { name: /\/track\// }).getAttribute('href');
      expect(shownLink).toMatch(new RegExp(`^${site.origin}/track/[A-Za-z0-9_-]{43}$`));
      expect(await phoneProblems(page)).toEqual([]);
      await shot(page, 'track-success-page');

      await expect.poll(() => confirmations(email).length, { timeout: 20_000 }).toBe(1);
      const path = trackingPathOfMail(email);
      expect(shownLink).toBe(`${site.origin}${path}`);
      const number = /\d{4}-\d{5}/.exec(confirmations(email)[0] ?? '')?.[0] as string;

      // A fresh browser, as when the mail is opened on another device: nothing stored, nobody signed in.
      const reader = await site.openBrowser();
      try {
        const tab = reader.page;
        await tab.setViewportSize(PHONE);
        await tab.goto(path);
        await heading(tab, `Заказ № ${number}`).waitFor();
        await tab.getByText('Заказ принят: менеджер проверяет документы и подтвердит стоимость.').waitFor();
        expect(await tab.getByText(email).count()).toBe(0);
        expect(await phoneProblems(tab)).toEqual([]);

        const { data: tracked } = await callApi<{ status: string }>(site.origin, `/api${path}`, {
          method: 'GET',
        });
        expect(tracked.status).toBe('NEW');
        const { data: found } = await callApi<{ trackingUrl: string }>(
          site.origin,
          `/api/track?${new URLSearchParams({ number, contact: email })}`,
          { method: 'GET' },
        );
        expect(found.trackingUrl).toBe(path);
        const orderId = await orderIdOf(number, email);
        await moveOrder(orderId, 'AWAITING_PAYMENT', 'NEW');
        await tab.reload();
        await tab.getByText('Стоимость подтверждена — заказ ждёт оплаты.', { exact: false }).waitFor();
        await tab.getByRole('link', { name: 'Оплатить в личном кабинете' }).waitFor();
        const history = tab.getByRole('region', { name: 'Как идёт заказ' });
        await history.getByText('Ожидает оплаты').waitFor();
        expect(await phoneProblems(tab)).toEqual([]);
        await shot(tab, 'track-link-awaiting-payment');
        await tab.setViewportSize(DESKTOP);
        await shot(tab, 'track-link-awaiting-payment');
      } finally {
        await reader.close();
      }
    } finally {
      await session.close();
    }
  });

  it('finds an order on /track by its number and a phone typed another way, after saying what is missing (1440 px)', async () => {
    const email = uniqueEmail('track-form');
    const placed = await callApi<{ order: { number: string } }>(site.origin, '/api/order', {
      body: await demoOrderBody(site.origin, email, { phoneNumber: '+7 916 765-43-21' }),
    });
    expect(placed.status).toBe(201);
    const { number } = placed.data.order;
    const session = await site.openBrowser();
    const { page } = session;
    try {
      await page.setViewportSize(DESKTOP);
      await page.goto('/track');
      await heading(page, 'Где мой заказ?').waitFor();
      expect(await page.title()).toBe('Статус заказа — Бюро переводов');
      await page.getByRole('textbox', { name: 'Номер заказа' }).waitFor();
      // The form painted from HTML is inert until the app has it; the button waits for the app.
      await page.getByRole('button', { name: 'Найти заказ' }).click();
      const summary = page.getByRole('alert').filter({ hasText: 'Есть ошибки' });
      await summary.waitFor();
      expect(await summary.getByRole('link').allTextContents()).toEqual([
        'Введите номер заказа из письма, например 2611-00042',
        'Введите телефон или email, указанные в заказе, например +7 916 123-45-67',
      ]);
      await shot(page, 'track-form-errors');
      await page.getByRole('textbox', { name: 'Номер заказа' }).fill(number);
      await page.getByRole('textbox', { name: 'Телефон или email' }).fill('+7 999 000-00-00');
      await page.getByRole('button', { name: 'Найти заказ' }).click();
      await page
        .getByRole('link', {
          name: 'Заказ не найден. Проверьте номер заказа и телефон или email, указанные при оформлении.',
        })
        .waitFor();

      await page.getByRole('textbox', { name: 'Номер заказа' }).fill(`№ ${number.replace('-', ' ')}`);
      await page.getByRole('textbox', { name: 'Телефон или email' }).fill('8 (916) 765 43 21');
      await page.getByRole('button', { name: 'Найти заказ' }).click();
      await page.waitForURL(/\/track\/[A-Za-z0-9_-]{43}$/);
      await heading(page, `Заказ № ${number}`).waitFor();
      await page.getByText('Телефон в заказе: +7 916 ***-**-21').waitFor();
      await shot(page, 'track-found');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await session.close();
    }
  });

  it("opens the order's page offline after one visit, saying how old it is, and lists it on /track", async () => {
    const email = uniqueEmail('track-offline');
    const placed = await callApi<{ order: { number: string; trackingUrl: string } }>(
      site.origin,
      '/api/order',
      {
        body: await demoOrderBody(site.origin, email),
      },
    );
    const { number, trackingUrl } = placed.data.order;
    const session = await site.openBrowser();
    const { page } = session;
    try {
      await page.setViewportSize(PHONE);
      await page.goto(trackingUrl);
      await heading(page, `Заказ № ${number}`).waitFor();
      await waitForServiceWorkerControl(page);
      await site.goOffline(session);
      await page.reload();
      await heading(page, `Заказ № ${number}`).waitFor();
      await page.getByText('Нет сети — показаны сохранённые данные', { exact: false }).waitFor();
      await page
        .getByText(/Данные от \d/)
        .first()
        .waitFor();
      expect(await phoneProblems(page)).toEqual([]);
      await shot(page, 'track-offline');
      // The form offline: it says the search needs the network, and lists what this device has seen.
      await page.getByRole('link', { name: 'Найти другой заказ' }).click();
      await heading(page, 'Где мой заказ?').waitFor();
      await page
        .getByText('Нет сети: найти заказ можно, когда появится интернет.', { exact: false })
        .waitFor();
      await page.getByRole('link', { name: new RegExp(`Заказ № ${number} — Новый`) }).waitFor();
    } finally {
      await site.goOnline(session);
      await session.close();
    }
  });
});

/** The order's id, as the office staff find it by number. */
async function orderIdOf(number: string, email: string): Promise<number> {
  const admin = await signInAdmin(site.origin);
  const { data } = await callApi<{ items: { id: number; number: string; email: string }[] }>(
    site.origin,
    `/api/order?search=${encodeURIComponent(number)}`,
    { method: 'GET', token: admin.token },
  );
  const order = data.items.find((item) => item.number === number && item.email === email);
  if (!order) throw new Error(`order ${number} not found by the staff search`);
  return order.id;
}
