/**
 * The worker's side of push: whatever arrives, a notification is shown (a push without one costs
 * the site its permission). Messages are delivered through CDP, without a push service.
 */
import type { CDPSession } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, openSite, type Site, waitForServiceWorkerControl } from './harness';

let site: Site;
let session: BrowserSession;
let cdp: CDPSession;
let registrationId: string;

beforeAll(async () => {
  site = await openSite();
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
});

afterAll(async () => {
  await site?.close();
});

async function push(data: string): Promise<void> {
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: site.origin, registrationId, data });
}

async function shownNotifications(): Promise<{ title: string; body: string; url: unknown; icon: string }[]> {
  return session.page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const list = await registration.getNotifications();
    return list.map((n) => ({
      title: n.title,
      body: n.body,
      url: (n.data as { url?: unknown })?.url,
      icon: n.icon,
    }));
  });
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
      .poll(async () => (await shownNotifications()).map((n) => n.title), { timeout: 10_000 })
      .toContain('Заказ №42 готов');
    const shown = (await shownNotifications()).find((n) => n.title === 'Заказ №42 готов');
    expect(shown).toMatchObject({ body: 'Перевод можно забрать', url: '/cabinet/orders/42' });
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
});
