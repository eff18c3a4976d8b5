/**
 * Issue 20: the spec's cache-busting query for /order/step-1 costs no second load of the app. The
 * server (online) and the service worker (offline) redirect a bare address, so the browser loads
 * one document, at the address with the query, and the app's own reload fallback never fires.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSite, type Site, waitForServiceWorkerControl } from './harness';

let site: Site;

beforeAll(async () => {
  site = await openSite();
});

afterAll(async () => {
  await site?.close();
});

/** Every document answer (not redirects) the page's main frame received while `act` ran. */
async function documentsLoaded(page: Page, act: () => Promise<unknown>): Promise<string[]> {
  const documents: string[] = [];
  const onResponse = (response: import('playwright-core').Response) => {
    const request = response.request();
    if (request.resourceType() !== 'document' || request.frame() !== page.mainFrame()) return;
    if (response.status() >= 300 && response.status() < 400) return;
    documents.push(new URL(response.url()).pathname + new URL(response.url()).search);
  };
  page.on('response', onResponse);
  try {
    await act();
    await page
      .getByRole('heading', { level: 1, name: 'Заказ перевода', exact: true })
      .waitFor({ timeout: 20_000 });
    // A client-side reload would start after the app's script ran: let it have its chance.
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('response', onResponse);
  }
  return documents;
}

const WITH_QUERY = /^\/order\/step-1\?(utm_source=ads&)?t=\d+$/;

describe('a bare /order/step-1', () => {
  it('ends at the address with the query after a single document load, online', async () => {
    const session = await site.openBrowser();
    const { page } = session;
    try {
      const documents = await documentsLoaded(page, () => page.goto('/order/step-1?utm_source=ads'));
      expect(documents).toHaveLength(1);
      expect(documents[0]).toMatch(WITH_QUERY);
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(documents[0]);
      // The app's reload fallback leaves this mark when it fires.
      expect(await page.evaluate(() => sessionStorage.getItem('order-step-1-reloaded-at'))).toBeNull();
    } finally {
      await session.close();
    }
  });

  it('and /order, offline, from the service worker', async () => {
    const session = await site.openBrowser();
    const { page } = session;
    try {
      await page.goto('/order/step-1?t=1');
      await waitForServiceWorkerControl(page);
      await site.goOffline(session);

      for (const path of ['/order/step-1', '/order']) {
        let fromWorker = false;
        const documents = await documentsLoaded(page, async () => {
          const response = await page.goto(path);
          fromWorker = response?.fromServiceWorker() ?? false;
        });
        expect(documents, path).toHaveLength(1);
        expect(documents[0], path).toMatch(WITH_QUERY);
        expect(fromWorker, `${path}: the document came from the worker`).toBe(true);
      }
      expect(await page.evaluate(() => sessionStorage.getItem('order-step-1-reloaded-at'))).toBeNull();
    } finally {
      await session.close();
    }
  });
});

describe('step 1 painted from the HTML', () => {
  it('shows the documents and prices before the app runs, then the app takes over the same page, also offline', async () => {
    const session = await site.openBrowser();
    const { page } = session;
    try {
      const catalogue = (await (await page.request.get('/api/order/form-params')).json()) as {
        documents: Array<{ type: string }>;
      };
      const first = catalogue.documents[0]?.type ?? '';
      // A markup the app's first render does not match is a React error (reported as the page's).
      const reactErrors: string[] = [];
      page.on('pageerror', (error) => reactErrors.push(error.message));
      // The app's entry script waits: what shows meanwhile is the server's HTML alone.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/assets/index-*.js', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/order/step-1?t=1', { waitUntil: 'commit' });
      const heading = page.getByRole('heading', { level: 1, name: 'Заказ перевода', exact: true });
      await heading.waitFor();
      expect(await page.title()).toBe('Заказ перевода, шаг 1 из 4 — Бюро переводов');
      for (const document of catalogue.documents) {
        await expect.poll(() => page.getByText(document.type, { exact: true }).count()).toBe(1);
      }
      const firstBox = page.getByRole('checkbox', { name: new RegExp(`^${first}`) });
      const price = (await firstBox.locator('xpath=..').locator('span').last().innerText()).trim();
      expect(price).toMatch(/₽|по оценке/);
      expect(await page.getByText('Выберите документы').first().isVisible()).toBe(true);
      expect(await page.locator('#root').getAttribute('inert')).toBe('');
      await heading.evaluate((element) => {
        element.dataset.mark = 'from-html';
      });

      // A tick waits for the app (the page is inert until then) and reaches its draft.
      const ticked = firstBox.check();
      release();
      await ticked;
      await expect.poll(() => page.locator('aside').innerText()).toContain(`Итого: ${price}`);
      // Hydrated, not replaced: the heading is the node the HTML made.
      expect(await heading.evaluate((element) => element.dataset.mark)).toBe('from-html');
      await page.unroute('**/assets/index-*.js');

      // Back later with the network off: the worker's copy of the page, with the draft's tick.
      await waitForServiceWorkerControl(page);
      await page.waitForTimeout(500); // the draft's save (300 ms after the last change)
      await site.goOffline(session);
      const offline = await page.reload();
      expect(offline?.fromServiceWorker()).toBe(true);
      expect(await offline?.text()).toContain('data-prerendered');
      await expect.poll(() => firstBox.isChecked()).toBe(true);
      await expect.poll(() => page.locator('aside').innerText()).toContain(`Итого: ${price}`);
      expect(session.cspViolations).toEqual([]);
      expect(reactErrors).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
