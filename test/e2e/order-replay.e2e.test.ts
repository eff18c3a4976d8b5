/**
 * The outbox under a bad network: thirty orders (a hundred in the soak) queued offline and replayed while the connection
 * breaks again and again — answers lost after the server made the order, blips, a real offline
 * spell — end as exactly thirty orders, one each. And a promo code typed offline is checked when
 * the order is sent: the customer sees the discount it gave, or why it did not apply.
 */
import type { Page } from 'playwright-core';
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

interface EntryState {
  status: string;
  lastError: string | null;
}

/** The outbox as the app stored it (IndexedDB 'perevod', table outbox). */
const outboxStates = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<EntryState[]>((resolve, reject) => {
        const open = indexedDB.open('perevod');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('outbox').objectStore('outbox').getAll();
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result.map(({ status, lastError }) => ({ status, lastError })));
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );

const sentCount = async (page: Page) =>
  (await outboxStates(page)).filter((entry) => entry.status === 'sent').length;

/**
 * The queued order copied into `copies` more, each a customer of its own (email e2e.flap.N@…) with
 * its own Idempotency-Key — as if thirty orders had been filled in on the train.
 */
const queueCopies = (page: Page, copies: number) =>
  page.evaluate(
    (count) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('perevod');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const transaction = open.result.transaction('outbox', 'readwrite');
          const store = transaction.objectStore('outbox');
          const all = store.getAll();
          all.onsuccess = () => {
            const [first] = all.result;
            for (let i = 1; i <= count; i++) {
              store.put({
                ...first,
                id: crypto.randomUUID(),
                idempotencyKey: crypto.randomUUID(),
                payload: {
                  ...first.payload,
                  body: { ...first.payload.body, email: `e2e.flap.${i}@example.ru` },
                },
                status: 'pending',
                attempts: 0,
                lastError: null,
                nextAttemptAt: Date.now(),
                createdAt: first.createdAt + i,
              });
            }
          };
          transaction.oncomplete = () => {
            open.result.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    copies,
  );

const OFFLINE_PROMO = 'Нет связи: проверим промокод при отправке заказа';

const ORDER_REQUEST = 'POST /api/order HTTP/';

/** Thirty in the browser suite; `npm run test:soak` sends a hundred (REPLAY_ORDERS=100). */
const ORDERS = Number(process.env.REPLAY_ORDERS ?? 30);
const step = (n: number) => Math.round((ORDERS * n) / 5);

describe('outbox replay on a flapping network', () => {
  it(
    `sends ${ORDERS} orders queued offline exactly once each while the connection keeps breaking and the service worker restarts`,
    async () => {
      const session = await site.openBrowser();
      try {
        const { page } = session;
        await fillStepOne(page);
        await waitForServiceWorkerControl(page);
        await fillStepThree(page, 'e2e.flap.0@example.ru');
        await site.goOffline(session);
        await sendOrder(page);
        await page.getByRole('heading', { name: 'Заказ сохранён и ждёт отправки' }).waitFor();
        await queueCopies(page, ORDERS - 1);
        await page.reload();
        await page.getByText(`Заказов ожидают отправки: ${ORDERS}`).waitFor();

        const sent = (atLeast: number) =>
          expect
            .poll(() => sentCount(page), { timeout: 120_000, interval: 100 })
            .toBeGreaterThanOrEqual(atLeast);
        // 1. Back online, and the first order's answer is lost after the server made it.
        const firstLost = site.network.loseNextAnswer(ORDER_REQUEST);
        await site.goOnline(session);
        await firstLost;
        // 2. A blip: whatever is in flight breaks.
        await sent(step(1));
        site.network.drop();
        // 3. A real offline spell mid-replay; back when the app has given up for now.
        await sent(step(2));
        await site.goOffline(session);
        await expect
          .poll(async () => (await outboxStates(page)).some((entry) => entry.status === 'sending'))
          .toBe(false);
        await site.goOnline(session);
        // 4. Another answer lost, then another blip.
        await sent(step(3));
        await site.network.loseNextAnswer(ORDER_REQUEST);
        // 5. The browser stops the service worker mid-replay, as a phone does to save power.
        const devtools = await session.context.newCDPSession(page);
        await devtools.send('ServiceWorker.enable');
        await devtools.send('ServiceWorker.stopAllWorkers');
        await sent(step(4));
        site.network.drop();

        await sent(ORDERS);
        await page.getByText('Заказов ожидают отправки').waitFor({ state: 'detached' });
        const emails = Array.from({ length: ORDERS }, (_, i) => `e2e.flap.${i}@example.ru`);
        // One confirmation per order made: thirty orders, none twice.
        await expect
          .poll(() => emails.reduce((made, email) => made + confirmations(email).length, 0), {
            timeout: 60_000,
            interval: 250,
          })
          .toBe(ORDERS);
        expect(emails.filter((email) => confirmations(email).length !== 1)).toEqual([]);
        const numbers = emails.map((email) => confirmations(email)[0]?.match(/\d{4}-\d{5}/)?.[0]);
        expect(new Set(numbers).size).toBe(ORDERS);
      } finally {
        await session.close();
      }
    },
    180_000 + ORDERS * 2_000,
  );
});

describe('promo code typed offline', () => {
  it('is checked when the order is sent: the discount it gave, or why it did not apply and a way to fix', async () => {
    const session = await site.openBrowser();
    try {
      const { page } = session;
      // Step 2 fetches the pickup points for step 4; offline after that, the stored copy serves.
      const pointsStored = page.waitForResponse((response) => response.url().endsWith('/api/point/active'));
      await fillStepOne(page);
      await waitForServiceWorkerControl(page);
      await pointsStored;
      await site.goOffline(session);
      await fillStepThree(page, 'e2e.promo-ok@example.ru', { code: ' welcome10 ', message: OFFLINE_PROMO });
      await expect
        .poll(() => page.getByRole('region', { name: 'Проверьте заказ' }).textContent())
        .toMatch(/welcome10 — проверим при отправке/i);
      await sendOrder(page);
      await page.getByRole('heading', { name: 'Заказ сохранён и ждёт отправки' }).waitFor();
      await site.goOnline(session);
      await page.getByRole('heading', { name: 'Заказ оформлен' }).waitFor({ timeout: 30_000 });
      // (1200 + 900) × 2 − 10 % + 250 for the pickup point.
      await page.getByText('Промокод WELCOME10 применён: скидка 10%').waitFor();
      expect(await page.getByText(/Сумма:/).textContent()).toMatch(/4\s030\s₽/);

      // A second order, with a code that does not exist.
      await fillStepOne(page, '/order/step-1?t=second-order');
      await site.goOffline(session);
      await fillStepThree(page, 'e2e.promo-bad@example.ru', { code: 'NOSUCHCODE', message: OFFLINE_PROMO });
      await sendOrder(page);
      await page.getByRole('heading', { name: 'Заказ сохранён и ждёт отправки' }).waitFor();
      await site.goOnline(session);
      await page.getByRole('heading', { name: 'Заказ не принят' }).waitFor({ timeout: 30_000 });
      await page
        .getByText(/Сервер не принял заказ: Промокод NOSUCHCODE не применён: Такого промокода нет/)
        .waitFor();
      await page.getByText(/не принят: Промокод NOSUCHCODE не применён: Такого промокода нет/).waitFor();
      expect(confirmations('e2e.promo-bad@example.ru')).toHaveLength(0);

      // «Исправить заказ»: the code goes, the order is sent and accepted without the discount.
      await page.getByRole('button', { name: 'Исправить заказ' }).click();
      await page.waitForURL('**/order/step-4');
      await page.getByRole('link', { name: 'Изменить промокод' }).click();
      await page.waitForURL('**/order/step-3');
      await page.getByLabel('Промокод (необязательно)').fill('');
      await nextStep(page, 3);
      await sendOrder(page);
      await page.getByRole('heading', { name: 'Заказ оформлен' }).waitFor();
      expect(await page.getByText(/Сумма:/).textContent()).toMatch(/4\s450\s₽/);
      await expect.poll(() => confirmations('e2e.promo-bad@example.ru').length, { timeout: 15_000 }).toBe(1);
      expect(confirmations('e2e.promo-ok@example.ru')).toHaveLength(1);
    } finally {
      await session.close();
    }
    // Two orders through the whole form, offline and back, and a correction: about 11 s alone,
    // 15-25 s beside the other suites on a 2-core machine, once over the default 60 s there.
  }, 150_000);
});
