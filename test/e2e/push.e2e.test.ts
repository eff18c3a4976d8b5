/**
 * Push in the browser: whatever arrives, the worker shows a notification (a push without one
 * costs the site its permission), one per order, and tells open pages; a tap leads to the order —
 * by navigating an open window, or, where the platform opens the start URL instead, through the
 * target the worker kept for the app. Messages are delivered through CDP, without a push service.
 */
import type { CDPSession, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officeOrderBody } from '../../server/test-support/order-bodies';
import { type AuthResult, callApi, signInByCode, uniqueEmail } from './auth-fixtures';
import { type BrowserSession, openSite, type Site, waitForServiceWorkerControl } from './harness';

let site: Site;
let session: BrowserSession;
let cdp: CDPSession;
let registrationId: string;
let customer: AuthResult;
let orderId: number;

/** The app's own cabinet session keys, as the sign-in screen leaves them. */
async function signInOnDevice(page: Page, auth: AuthResult) {
  await page.evaluate((signedIn) => {
    localStorage.setItem('cabinet_token', signedIn.token);
    localStorage.setItem('cabinet_authStatus', 'AUTHORIZED');
    localStorage.setItem('cabinet_role', signedIn.user.role);
    localStorage.setItem('cabinet_user', JSON.stringify(signedIn.user));
  }, auth);
}

beforeAll(async () => {
  // It checks the notifications the worker shows: the full browser (harness.ts SiteOptions).
  site = await openSite({ notifications: true });
  const email = uniqueEmail('push');
  customer = await signInByCode(site.origin, email);
  const created = await callApi<{ order: { id: number } }>(site.origin, '/api/order', {
    token: customer.token,
    body: officeOrderBody(email),
  });
  if (created.status !== 201)
    throw new Error(`order: HTTP ${created.status} ${JSON.stringify(created.data)}`);
  orderId = created.data.order.id;

  session = await site.openBrowser();
  await session.context.grantPermissions(['notifications'], { origin: site.origin });
  cdp = await session.context.newCDPSession(session.page);
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r: { scopeURL: string }) => r.scopeURL === `${site.origin}/`);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await session.page.goto('/order/step-1');
  await waitForServiceWorkerControl(session.page);
  registrationId = await registered;
  // Control comes with clients.claim() during activation; a push needs the worker activated.
  await session.page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state === 'activated';
  });
});

afterAll(async () => {
  await session?.close();
  await site?.close();
});

async function push(data: string): Promise<void> {
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: site.origin, registrationId, data });
}

async function shownNotifications(
  page: Page = session.page,
): Promise<{ title: string; body: string; url: unknown; icon: string; tag: string }[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const list = await registration.getNotifications();
    return list.map((n) => ({
      title: n.title,
      body: n.body,
      url: (n.data as { url?: unknown })?.url,
      icon: n.icon,
      tag: n.tag,
    }));
  });
}

function serviceWorker(): Worker {
  const worker = session.context.serviceWorkers().find((w) => w.url().startsWith(site.origin));
  if (!worker) throw new Error('no service worker in the browser context');
  return worker;
}

describe('push messages', () => {
  it('show the title, body and order link the server sent', async () => {
    await push(
      JSON.stringify({
        title: 'Заказ №42 готов',
        body: 'Перевод можно забрать',
        url: '/cabinet/orders/42',
        orderId: 42,
      }),
    );
    await expect
      .poll(async () => (await shownNotifications()).map((n) => n.title), { timeout: 20_000 })
      .toContain('Заказ №42 готов');
    const shown = (await shownNotifications()).find((n) => n.title === 'Заказ №42 готов');
    expect(shown).toMatchObject({
      body: 'Перевод можно забрать',
      url: '/cabinet/orders/42',
      tag: 'order-42',
    });
    expect(shown?.icon).toBe(`${site.origin}/icons/icon-192.png`);
  });

  it('still show a notification titled «Бюро переводов» when the payload is not JSON', async () => {
    await push('not json at all');
    await expect
      .poll(async () => (await shownNotifications()).filter((n) => n.title === 'Бюро переводов').length, {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
  });

  it('replace the earlier notification of the same order instead of piling up', async () => {
    await push(
      JSON.stringify({ title: 'Заказ №43 принят', body: 'Ждёт оплаты', orderId: 43, tag: 'order-43' }),
    );
    await push(
      JSON.stringify({ title: 'Заказ №43 оплачен', body: 'Переводим', orderId: 43, tag: 'order-43' }),
    );
    await expect
      .poll(
        async () => (await shownNotifications()).filter((n) => n.tag === 'order-43').map((n) => n.title),
        {
          timeout: 10_000,
        },
      )
      .toEqual(['Заказ №43 оплачен']);
  });

  it('tell the open pages, so their unread badge refreshes', async () => {
    await session.page.evaluate(() => {
      (window as unknown as { pushMessages: unknown[] }).pushMessages = [];
      navigator.serviceWorker.addEventListener('message', (event) =>
        (window as unknown as { pushMessages: unknown[] }).pushMessages.push(event.data),
      );
    });
    await push(JSON.stringify({ title: 'Новое уведомление', body: 'Проверка' }));
    await expect
      .poll(
        () => session.page.evaluate(() => (window as unknown as { pushMessages: unknown[] }).pushMessages),
        {
          timeout: 10_000,
        },
      )
      .toContainEqual({ type: 'push-received' });
  });
});

describe('a tap on the notification', () => {
  it('navigates the open window to /cabinet/orders/{id}', async () => {
    await signInOnDevice(session.page, customer);
    await push(
      JSON.stringify({
        title: 'Заказ оплачен',
        body: 'Спасибо',
        url: `/cabinet/orders/${orderId}`,
        orderId,
        tag: `order-${orderId}`,
      }),
    );
    // By its title too: an earlier case's notification may carry the same tag (order 43 there),
    // and is replaced by this one only once the worker has handled this push.
    await expect
      .poll(
        async () =>
          (await shownNotifications()).some(
            (n) => n.tag === `order-${orderId}` && n.title === 'Заказ оплачен',
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
    // No DevTools command clicks a notification: the worker gets a notificationclick for the
    // notification it showed, dispatched in its own scope.
    await serviceWorker().evaluate(async (tag) => {
      // The worker's scope, which this file's Node typings do not describe.
      const scope = globalThis as unknown as {
        registration: { getNotifications(filter: { tag: string }): Promise<unknown[]> };
        NotificationEvent: new (type: string, init: { notification: unknown }) => Event;
        dispatchEvent(event: Event): boolean;
      };
      const [notification] = await scope.registration.getNotifications({ tag });
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
    }, `order-${orderId}`);
    await session.page.waitForURL(`${site.origin}/cabinet/orders/${orderId}`, { timeout: 15_000 });
    expect((await shownNotifications()).some((n) => n.tag === `order-${orderId}`)).toBe(false);
  });

  it('is followed by the app opened at its start URL, from the target the worker kept', async () => {
    const page = await session.context.newPage();
    // Any app page that starts takes the target (once per start, whichever starts first): the
    // window the previous tap navigated may still be starting, so it leaves the app, and the target
    // is written from a plain file of the site rather than an app page.
    await session.page.goto('about:blank');
    await page.goto('/robots.txt');
    // What the worker stores before openWindow (src/db/push-target.ts), for a platform that then
    // opens the start URL instead of the order.
    await page.evaluate(async (path) => {
      const cache = await caches.open('push-target-v1');
      await cache.put('/__push-target__', new Response(JSON.stringify({ path, at: Date.now() })));
    }, `/cabinet/orders/${orderId}`);
    await page.goto('/?pwa=true');
    await page.waitForURL(`${site.origin}/cabinet/orders/${orderId}`, { timeout: 15_000 });
    // Taken once: the next start stays where it opens.
    await page.goto('/order/step-1');
    await page.waitForTimeout(1_000);
    expect(new URL(page.url()).pathname).toBe('/order/step-1');
    await page.close();
  });
});
