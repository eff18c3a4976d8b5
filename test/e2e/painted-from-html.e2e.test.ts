/**
 * Issue 20: pages painted from the server's HTML before the app's JavaScript runs, then taken
 * over by the app without replacing what is on screen (hydrated): the order form's first step
 * with the live catalogue, and the customer sign-in; and the cabinet's frame, which the app
 * replaces with the customer's own page.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInByCode, uniqueEmail } from './auth-fixtures';
import { placeOrder, writeCabinetSession } from './cabinet-steps';
import { openSite, type Site, waitForServiceWorkerControl } from './harness';

let site: Site;

beforeAll(async () => {
  site = await openSite();
});

afterAll(async () => {
  await site?.close();
});

/**
 * Holds the app's entry script until the returned release is called, so what shows meanwhile is
 * the server's HTML alone; collects the page's errors (a markup the app's first render does not
 * match is a React error, reported as the page's).
 */
async function holdApp(page: Page): Promise<{ release: () => void; errors: string[] }> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.continue();
  });
  return { release, errors };
}

/** The addresses of the scripts the page asks for from now on (preloads included), as they are asked. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.js')) scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

describe('step 1 painted from the HTML', () => {
  it('shows the documents and prices before the app runs, then the app takes over the same page, also offline', async () => {
    const session = await site.openBrowser();
    const { page } = session;
    try {
      const catalogue = (await (await page.request.get('/api/order/form-params')).json()) as {
        documents: Array<{ type: string }>;
      };
      const first = catalogue.documents[0]?.type ?? '';
      const { release, errors: reactErrors } = await holdApp(page);
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
      // The app's JavaScript was asked for only once the page had painted.
      const [painted, requested] = await page.evaluate(() => [
        performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        performance
          .getEntriesByType('resource')
          .find((entry) => /\/assets\/index-[^/]+\.js$/.test(entry.name))?.startTime ?? Number.NaN,
      ]);
      expect(requested).toBeGreaterThanOrEqual(painted);
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

describe('the customer sign-in painted from the HTML', () => {
  it('shows the heading and the email field before the app runs, then the app takes over the same page', async () => {
    const session = await site.openBrowser();
    const { page } = session;
    try {
      const scripts = scriptsOf(page);
      const { release, errors } = await holdApp(page);
      await page.goto('/cabinet-login', { waitUntil: 'commit' });
      const heading = page.getByRole('heading', { level: 1, name: 'Вход в личный кабинет' });
      await heading.waitFor();
      expect(await page.title()).toBe('Вход в личный кабинет — Бюро переводов');
      expect(await page.getByText('Отправим на email код для входа.', { exact: false }).isVisible()).toBe(
        true,
      );
      expect(await page.locator('#root').getAttribute('inert')).toBe('');
      await heading.evaluate((element) => {
        element.dataset.mark = 'from-html';
      });

      // Typing waits for the app (the page is inert until then), and the app sends the code.
      const email = `painted-${Date.now()}@example.ru`;
      const typed = page.getByLabel('Email').fill(email);
      release();
      await typed;
      await page.getByRole('checkbox', { name: /согласие на обработку персональных данных/ }).check();
      await page.getByRole('button', { name: 'Получить код' }).click();
      await page.getByText(`Код отправлен на ${email}`).waitFor();
      // Hydrated, not replaced: the heading is the node the HTML made.
      expect(await heading.evaluate((element) => element.dataset.mark)).toBe('from-html');
      // A first visit that only signs in stores nothing: neither the order form's code nor the
      // app database's library is loaded (vite.config.ts names these chunks).
      expect(scripts.filter((url) => /\/assets\/(order-step|app-db)-[^/]+\.js$/.test(url))).toEqual([]);
      expect(session.cspViolations).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await session.close();
    }
  });
});

describe("the frame of the customer's orders painted from the HTML", () => {
  it('shows the cabinet, its heading and bottom bar before the app runs; the app then shows the orders', async () => {
    const email = uniqueEmail('painted-cabinet');
    const { token } = await signInByCode(site.origin, email);
    const order = await placeOrder(site.origin, token, email);
    const session = await site.openBrowser();
    const { page } = session;
    try {
      // The session as the sign-in stores it, written on a file of the site: no app page has run,
      // so no service worker answers the next navigation, and the server's page is what shows.
      await page.goto('/favicon.svg');
      await writeCabinetSession(page, token, email);
      const scripts = scriptsOf(page);
      const { release, errors } = await holdApp(page);
      await page.goto('/cabinet/orders', { waitUntil: 'commit' });
      await page.getByRole('heading', { level: 1, name: 'Мои заказы' }).waitFor();
      expect(await page.title()).toBe('Мои заказы — Бюро переводов');
      expect(await page.getByRole('navigation', { name: 'Нижнее меню' }).isVisible()).toBe(true);
      expect(await page.getByText('Загружаем заказы…').isVisible()).toBe(true);
      expect(await page.locator('#root').getAttribute('inert')).toBe('');

      release();
      await page.getByText(order.number).first().waitFor();
      await expect.poll(() => page.locator('#root').getAttribute('inert')).toBeNull();
      expect(await page.getByText(email).first().isVisible()).toBe(true);
      // The cabinet's path loads the app database's chunk (the stored orders), which holds the
      // order form's first step too (vite.config.ts says why).
      expect(scripts.filter((url) => /\/assets\/app-db-[^/]+\.js$/.test(url))).toHaveLength(1);
      expect(scripts.length).toBeGreaterThan(0);
      expect(session.cspViolations).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('sends a visitor who is not signed in on to the sign-in', async () => {
    const session = await site.openBrowser();
    const { page } = session;
    try {
      await page.goto('/cabinet/orders');
      await page.getByRole('heading', { level: 1, name: 'Вход в личный кабинет' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/cabinet-login');
      expect(await page.getByRole('heading', { name: 'Мои заказы' }).count()).toBe(0);
    } finally {
      await session.close();
    }
  });
});
