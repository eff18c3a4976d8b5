/**
 * Issue 20: the cache-busting query for /order/step-1 costs no second load of the app. The
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
