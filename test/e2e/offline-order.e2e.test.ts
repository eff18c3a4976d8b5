import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxSyncTrigger } from './background-sync';
import { openSite, type Site, waitForServiceWorkerControl } from './harness';
import { confirmations, fillStepOne, fillStepThree } from './order-steps';

let site: Site;
beforeAll(async () => {
  // It checks the notifications the worker shows: the full browser (harness.ts SiteOptions).
  site = await openSite({ notifications: true });
});
afterAll(async () => {
  await site?.close();
});

describe('outbox replayed by the service worker', () => {
  it('sends an order queued offline once on a sync event with no page open, and notifies', async () => {
    const session = await site.openBrowser();
    try {
      await session.context.grantPermissions(['notifications'], { origin: site.origin });
      const { page } = session;
      await fillStepOne(page);
      await waitForServiceWorkerControl(page);
      const email = 'e2e.worker-sync@example.ru';
      await fillStepThree(page, email);

      await site.goOffline(session);
      await page.getByRole('button', { name: 'Отправить заказ' }).last().click();
      await page.getByText('Заказов ожидают отправки: 1').waitFor();

      // No page of the app stays open: only a blank tab to talk to DevTools through.
      const sync = await outboxSyncTrigger(session.context, site.origin);
      await page.close();
      await site.goOnline(session);
      expect(confirmations(email)).toHaveLength(0);
      // The page's failed try set a back-off (5 s ± 20 %): the worker sends only what is due.
      await new Promise((resolve) => setTimeout(resolve, 7000));

      await sync();
      await expect.poll(() => confirmations(email).length, { timeout: 20_000 }).toBe(1);

      // A second sync (the browser retrying, another device event) sends nothing more.
      await sync();
      const again = await session.context.newPage();
      await again.goto('/order/step-1');
      const titles = await again.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => n.title);
      });
      expect(titles.some((title) => /^Заказ № \d{4}-\d{5} принят$/.test(title))).toBe(true);
      // Told once: the shell does not repeat what the notification said, and nothing is pending.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(await again.getByText('Заказов ожидают отправки').count()).toBe(0);
      expect(await again.getByText(/принят/).count()).toBe(0);
      expect(confirmations(email)).toHaveLength(1);
    } finally {
      await session.close();
    }
  });
});
