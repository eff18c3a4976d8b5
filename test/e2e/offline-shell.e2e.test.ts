/**
 * Issue 2 smoke: the service worker installs and takes the page on the first visit, keeps the
 * shell (never API answers), and with the network gone every app route still opens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, openSite, type Site, waitForServiceWorkerControl } from './harness';

let site: Site;

beforeAll(async () => {
  site = await openSite();
});

/**
 * The browser of the first visit, kept for the cases that only need a page the worker controls:
 * a new browser and its worker's install cost seconds. The case about one online visit has its own.
 */
let visited: BrowserSession | undefined;
const visitedBrowser = async () => {
  visited ??= await site.openBrowser();
  return visited;
};

afterAll(async () => {
  await visited?.close();
  await site?.close();
});

/** Every URL held in any Cache Storage cache of the page's origin. */
async function cachedUrls(session: BrowserSession): Promise<string[]> {
  return session.page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
}

describe('service worker', () => {
  it('installs on the first visit and controls the page without a reload', async () => {
    const session = await visitedBrowser();
    await session.page.goto('/order/step-1');
    const scriptUrl = await waitForServiceWorkerControl(session.page);
    expect(scriptUrl).toBe(`${site.origin}/service-worker.js`);

    const urls = await cachedUrls(session);
    expect(urls, 'the shell is precached').toContain('/index.html');
    expect(urls).toContain('/manifest.webmanifest');
    expect(urls.some((url) => /^\/assets\/.+\.js$/.test(url))).toBe(true);
    expect(
      urls.filter((url) => url.includes('maplibre')),
      'the map library is not precached',
    ).toEqual([]);
  });

  it('never stores API answers in its caches', async () => {
    const session = await visitedBrowser();
    await session.page.goto('/order/step-1');
    await waitForServiceWorkerControl(session.page);
    // The page is controlled now, so these go through the worker's fetch handler.
    const statuses = await session.page.evaluate(async () =>
      Promise.all(['/api/health', '/api/order/form-params'].map((p) => fetch(p).then((r) => r.status))),
    );
    expect(statuses).toEqual([200, 200]);
    const apiUrls = (await cachedUrls(session)).filter((url) => url.startsWith('/api/'));
    expect(apiUrls).toEqual([]);
  });
});

describe('offline', () => {
  it('after one online visit, a reload of /order/step-1 renders the order form shell', async () => {
    const session = await site.openBrowser();
    const { page } = session;
    try {
      await page.goto('/order/step-1');
      await waitForServiceWorkerControl(page);
      await expectOrderStepOne(session);

      await site.goOffline(session);
      const reachable = await page.evaluate(() =>
        fetch('/api/health', { cache: 'no-store' }).then(
          () => true,
          () => false,
        ),
      );
      expect(reachable, 'the test must really cut the network').toBe(false);

      const response = await page.reload();
      expect(response?.status()).toBe(200);
      expect(response?.fromServiceWorker(), 'the document came from the worker').toBe(true);
      await expectOrderStepOne(session);
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: 'Нет подключения к интернету' }).count(), {
          timeout: 10_000,
        })
        .toBeGreaterThan(0);
    } finally {
      await session.close();
    }
  });

  it('opens other deep app routes offline too', async () => {
    const session = await visitedBrowser();
    const { page } = session;
    await site.goOnline(session);
    try {
      await page.goto('/order/step-1');
      await waitForServiceWorkerControl(page);
      await site.goOffline(session);

      for (const path of ['/cabinet/orders', '/crm/orders/42']) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        expect(response?.fromServiceWorker(), path).toBe(true);
        // The React shell is up: its offline indicator renders on every route.
        await page
          .getByRole('status')
          .filter({ hasText: 'Нет подключения к интернету' })
          .first()
          .waitFor({ state: 'visible', timeout: 15_000 });
      }
    } finally {
      await site.goOnline(session);
    }
  });
});

async function expectOrderStepOne({ page }: BrowserSession): Promise<void> {
  await page
    .getByRole('heading', { level: 1, name: 'Заказ перевода', exact: true })
    .waitFor({ timeout: 15_000 });
  await page.getByRole('progressbar', { name: 'Шаг 1 из 4', exact: true }).waitFor({ timeout: 15_000 });
}
