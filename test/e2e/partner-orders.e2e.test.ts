/**
 * A partner at a pickup point, on a phone (390×844) with a bad connection: the order arrives
 * («Передан в доставку»), the partner marks it received with the network off, the card says
 * «Ожидает отправки», the network comes back (and the first answer is lost on the way), and the
 * change reaches the server exactly once — one history entry — while the card shows the new
 * status. A change the server refuses because the office moved the order meanwhile is shown on
 * the card with the reason and the status now. With no page open, the service worker's Background
 * Sync sends a queued change once. The page is never wider than the phone. With
 * PARTNER_SHOTS=<folder> it saves the list as the partner first sees it.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createPartner, signInAdmin, signInByCode, uniqueEmail } from './auth-fixtures';
import { outboxSyncTrigger } from './background-sync';
import { placeOrder } from './cabinet-steps';
import { laneServer, openSite, type Site, waitForServiceWorkerControl } from './harness';

const PHONE = { width: 390, height: 844 };
const PASSWORD = 'e2e-Partner-password-1';
/** The seeded pickup point of the seeded partner every createPartner() account belongs to. */
const PARTNER_POINT_ID = 1;

let site: Site;
let partnerLogin: string;
let adminToken: string;
/** The server itself, not through the network switch: the test checks it while the phone is offline. */
let serverOrigin: string;

interface History {
  order: { status: string };
  history: { fromStatus: string | null; status: string; actorRole: string | null }[];
}

/** An order a customer placed for pickup at the partner's point, moved by the office up to «Передан в доставку». */
async function orderOnItsWay(): Promise<{ id: number; number: string }> {
  const email = uniqueEmail('partner-customer');
  const { token } = await signInByCode(site.origin, email);
  const order = await placeOrder(serverOrigin, token, email, { pickupPointId: PARTNER_POINT_ID });
  for (const status of ['IN_TRANSLATION', 'READY', 'IN_DELIVERY']) await moveAsOffice(order.id, status);
  return order;
}

async function moveAsOffice(id: number, status: string) {
  const moved = await callApi(serverOrigin, '/api/order/status', {
    method: 'PATCH',
    token: adminToken,
    body: { id, status },
  });
  if (moved.status !== 200)
    throw new Error(`move to ${status}: ${moved.status} ${JSON.stringify(moved.data)}`);
}

const historyOf = async (id: number) =>
  (await callApi<History>(serverOrigin, `/api/order/${id}`, { method: 'GET', token: adminToken })).data;

async function signInPartner(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Логин или email').fill(partnerLogin);
  await page.getByLabel('Пароль').fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/crm/orders', { timeout: 15_000 });
}

/** A fresh phone with the partner signed in, on /crm/orders. */
async function partnerPhone() {
  const session = await site.openBrowser();
  await session.page.setViewportSize(PHONE);
  await signInPartner(session.page);
  return session;
}

/**
 * The phone of the first case, kept for the second: neither is about a new phone, and a browser
 * and a sign-in cost ~6 s. The third case, about the worker with no page open, has its own.
 */
let kept: Awaited<ReturnType<typeof partnerPhone>> | undefined;

const cardOf = (page: Page, number: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Заказ № ${number}` }) });

async function confirmMove(page: Page, number: string, label: string) {
  await cardOf(page, number).getByRole('button', { name: label }).click();
  await page
    .getByRole('dialog', { name: `${label}?` })
    .getByRole('button', { name: 'Подтвердить' })
    .click();
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

beforeAll(async () => {
  // It checks the notifications the worker shows: the full browser (harness.ts SiteOptions).
  site = await openSite({ notifications: true });
  serverOrigin = `http://127.0.0.1:${laneServer().port}`;
  partnerLogin = uniqueEmail('partner');
  await createPartner(site.origin, partnerLogin, PASSWORD);
  adminToken = (await signInAdmin(site.origin)).token;
});

afterAll(async () => {
  await kept?.close();
  await site?.close();
});

describe('a partner on a phone', () => {
  it('marks an order received while offline, and the change reaches the server exactly once', async () => {
    const order = await orderOnItsWay();
    const session = await partnerPhone();
    kept = session;
    const { page } = session;
    await waitForServiceWorkerControl(page);
    const card = cardOf(page, order.number);
    await card.getByText('Передан в доставку').waitFor();
    await card.getByRole('link', { name: '+7 916 123-45-67' }).waitFor();
    expect(await card.getByRole('link', { name: '+7 916 123-45-67' }).getAttribute('href')).toBe(
      'tel:+79161234567',
    );
    await card.getByText('Паспорт × 1').waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    if (process.env.PARTNER_SHOTS) {
      await page.screenshot({ path: join(process.env.PARTNER_SHOTS, 'partner-orders-390.png') });
    }

    await site.goOffline(session);
    await confirmMove(page, order.number, 'Принят в пункте выдачи');
    await card.getByText('Ожидает отправки').waitFor();
    await page.getByText('Изменений статуса ждут отправки: 1').waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    expect((await historyOf(order.id)).order.status).toBe('IN_DELIVERY');

    // Back online, and the first answer is lost after the server applied the change: the phone
    // must send it again (same key), and the server must not apply it twice.
    const lost = site.network.loseNextAnswer('PATCH /api/order/status HTTP/');
    await site.goOnline(session);
    await lost;
    await card.getByText('Ожидает отправки').waitFor({ state: 'detached', timeout: 30_000 });
    await card.getByText('Ожидает в пункте выдачи').waitFor();
    await card.getByRole('button', { name: 'Выдан клиенту' }).waitFor();

    const { order: now, history } = await historyOf(order.id);
    expect(now.status).toBe('AT_PICKUP_POINT');
    expect(history.filter((entry) => entry.status === 'AT_PICKUP_POINT')).toEqual([
      expect.objectContaining({ fromStatus: 'IN_DELIVERY', actorRole: 'PARTNER' }),
    ]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  }, 120_000);

  it('shows a change refused because the office moved the order meanwhile, with the reason and the status now', async () => {
    const order = await orderOnItsWay();
    kept ??= await partnerPhone();
    const session = kept;
    const { page } = session;
    await page.goto('/crm/orders'); // the list as it is now, with this order
    const card = cardOf(page, order.number);
    await card.getByText('Передан в доставку').waitFor();

    await site.goOffline(session);
    await confirmMove(page, order.number, 'Принят в пункте выдачи');
    await card.getByText('Ожидает отправки').waitFor();
    // Meanwhile the office delivered the order to the customer itself.
    await moveAsOffice(order.id, 'COMPLETED');
    await site.goOnline(session);

    const alert = card.getByRole('alert');
    await alert.getByText('Изменение «Ожидает в пункте выдачи» не принято').waitFor({ timeout: 30_000 });
    await alert
      .getByText('Статус заказа уже изменился: сейчас «Выполнен». Обновите заказ и повторите')
      .waitFor();
    const { order: now, history } = await historyOf(order.id);
    expect(now.status).toBe('COMPLETED');
    expect(history.some((entry) => entry.status === 'AT_PICKUP_POINT')).toBe(false);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    await alert.getByRole('button', { name: 'Понятно' }).click();
    await alert.waitFor({ state: 'detached' });
    await card.getByText('Выполнен', { exact: true }).waitFor();
    expect(await card.getByRole('button').count()).toBe(0);
  }, 120_000);

  it('has the service worker send a change queued offline once, on a sync event with no page open', async () => {
    const order = await orderOnItsWay();
    const session = await partnerPhone();
    try {
      await session.context.grantPermissions(['notifications'], { origin: site.origin });
      const { page } = session;
      await waitForServiceWorkerControl(page);
      await cardOf(page, order.number).getByText('Передан в доставку').waitFor();
      await site.goOffline(session);
      await confirmMove(page, order.number, 'Принят в пункте выдачи');
      await cardOf(page, order.number).getByText('Ожидает отправки').waitFor();

      // No page of the app stays open: only a blank tab to talk to DevTools through.
      const sync = await outboxSyncTrigger(session.context, site.origin);
      await page.close();
      await site.goOnline(session);
      // The page's failed try set a back-off (5 s ± 20 %): the worker sends only what is due.
      await new Promise((resolve) => setTimeout(resolve, 7000));
      expect((await historyOf(order.id)).order.status).toBe('IN_DELIVERY');

      await sync();
      await expect
        .poll(async () => (await historyOf(order.id)).order.status, { timeout: 20_000 })
        .toBe('AT_PICKUP_POINT');
      await sync();

      const again = await session.context.newPage();
      await again.setViewportSize(PHONE);
      await again.goto('/crm/orders');
      const card = cardOf(again, order.number);
      await card.getByRole('button', { name: 'Выдан клиенту' }).waitFor();
      expect(await card.getByText('Ожидает отправки').count()).toBe(0);
      // A status change is no order: no «Заказ № … принят» notification or notice about it.
      const titles = await again.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((notification) => notification.title);
      });
      expect(titles.filter((title) => /принят/.test(title))).toEqual([]);
      const { history } = await historyOf(order.id);
      expect(history.filter((entry) => entry.status === 'AT_PICKUP_POINT')).toHaveLength(1);
    } finally {
      await session.close();
    }
  }, 120_000);
});
