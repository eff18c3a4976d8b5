/**
 * The back office's frame on a phone (390×844) and a desktop (1440×900), for each staff role on
 * every back-office route it may open: the page is never wider than the screen, the phone shows
 * the bottom bar (labels whole) and the desktop the side menu, the page's item is marked, the
 * header keeps the email and «Выйти» in view, and «Меню» reaches the rest of the menu and the
 * support chats on a phone.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  createPartner,
  createStaff,
  E2E_ADMIN_PASSWORD,
  signInByCode,
  uniqueEmail,
} from './auth-fixtures';
import { placeOrder } from './cabinet-steps';
import { type BrowserSession, openSite, type Site } from './harness';

interface Screen {
  path: string;
  /** The side menu's item marked on this page, if the page has one. */
  menu: string | null;
  /** The bottom bar's tab marked on this page (the tab whose path prefix matches). */
  tab: string | null;
}

interface Account {
  login: string;
  password: string;
  email: string;
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const PASSWORD = 'e2e-Staff-password-1';

let site: Site;
let orderId: number;
const accounts: Record<'ADMIN' | 'MANAGER' | 'PARTNER', Account> = {
  ADMIN: { login: ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD, email: ADMIN_EMAIL },
  MANAGER: { login: '', password: PASSWORD, email: '' },
  PARTNER: { login: '', password: PASSWORD, email: '' },
};

beforeAll(async () => {
  site = await openSite();
  const manager = uniqueEmail('layout-manager');
  const partner = uniqueEmail('layout-partner');
  await createStaff(site.origin, manager, PASSWORD, 'MANAGER');
  await createPartner(site.origin, partner, PASSWORD);
  accounts.MANAGER = { login: manager, password: PASSWORD, email: manager };
  accounts.PARTNER = { login: partner, password: PASSWORD, email: partner };
  const customer = uniqueEmail('layout-customer');
  const { token } = await signInByCode(site.origin, customer);
  orderId = (await placeOrder(site.origin, token, customer)).id;
});

/**
 * One signed-in browser per role, shared by the walks and the phone cases: none of them is about
 * the sign-in, and a browser and a sign-in cost ~6 s each on this machine.
 */
const signedIn = new Map<keyof typeof accounts, Promise<BrowserSession>>();
function browserOf(role: keyof typeof accounts): Promise<BrowserSession> {
  let session = signedIn.get(role);
  if (!session) {
    session = site.openBrowser().then(async (opened) => {
      await signIn(opened.page, accounts[role]);
      return opened;
    });
    signedIn.set(role, session);
  }
  return session;
}

afterAll(async () => {
  for (const session of signedIn.values()) await (await session).close();
  await site?.close();
});

function screensOf(role: keyof typeof accounts): Screen[] {
  const card = `/crm/orders/${orderId}`;
  if (role === 'PARTNER') {
    return [
      { path: '/crm/orders', menu: 'Заказы', tab: 'Заказы' },
      { path: card, menu: 'Заказы', tab: 'Заказы' },
    ];
  }
  const shared: Screen[] = [
    { path: '/crm/home', menu: 'Заявки', tab: 'Заявки' },
    { path: card, menu: 'Заявки', tab: null },
    { path: '/crm/monitoring', menu: 'Мониторинг', tab: null },
    { path: `/crm/monitoring/order/${orderId}`, menu: 'Мониторинг', tab: null },
    { path: '/crm/push-notifications', menu: 'Push-уведомления', tab: null },
    { path: '/profile', menu: null, tab: null },
  ];
  if (role === 'MANAGER') return shared;
  return [
    ...shared,
    { path: '/crm/stats', menu: 'Статистика', tab: 'Отчёты' },
    { path: '/crm/monitoring/queue', menu: 'Мониторинг', tab: null },
    { path: '/crm/monitoring/cron', menu: 'Мониторинг', tab: null },
    { path: '/crm/users', menu: 'Пользователи', tab: 'Люди' },
    { path: '/crm/partner', menu: 'Партнёры', tab: 'Партнёры' },
    { path: '/crm/partner/1/points', menu: 'Партнёры', tab: 'Партнёры' },
    { path: '/crm/tariffs', menu: 'Тарифы', tab: 'Тарифы' },
    { path: '/crm/tariffs/document-1', menu: 'Тарифы', tab: 'Тарифы' },
    { path: '/crm/offices', menu: 'Офисы', tab: null },
    { path: '/crm/form-settings', menu: 'Настройки формы', tab: null },
    { path: '/crm/orders', menu: 'Заявки', tab: null },
  ];
}

async function signIn(page: Page, account: Account) {
  await page.goto('/login');
  await page.getByLabel('Логин или email').fill(account.login);
  await page.getByLabel('Пароль').fill(account.password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/crm'), { timeout: 15_000 });
}

/**
 * Opens a screen inside the app, as its own links do: through the router (TanStack Router keeps
 * itself on `self.__TSR_ROUTER__`), not with a full load. A load of the app per screen costs
 * ~0.5 s of a busy machine's CPU, and ~50 of them were the bulk of the walk. The headings shown
 * before are marked, so the wait that follows is for the new screen's own heading.
 */
async function openInApp(page: Page, path: string) {
  await page.evaluate(async (href) => {
    for (const heading of Array.from(document.querySelectorAll('h1')))
      heading.setAttribute('data-e2e-left', '');
    const router = (self as unknown as { __TSR_ROUTER__: { navigate(to: { href: string }): Promise<void> } })
      .__TSR_ROUTER__;
    await router.navigate({ href });
  }, path);
  await page.locator('h1:not([data-e2e-left])').first().waitFor();
}

/** What a person would see of the frame, measured in the page. */
function measure(page: Page) {
  return page.evaluate(() => {
    const shown = (element: Element | null) => {
      if (!element) return false;
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    };
    const marked = (label: string) =>
      Array.from(document.querySelectorAll(`nav[aria-label="${label}"] [aria-current="page"]`)).map(
        (link) => link.textContent,
      );
    const bar = document.querySelector('nav[aria-label="Нижнее меню"]');
    const logout = Array.from(document.querySelectorAll('header button')).find(
      (b) => b.textContent === 'Выйти',
    );
    return {
      documentWidth: document.documentElement.scrollWidth,
      bodyWidth: document.body.scrollWidth,
      viewport: document.documentElement.clientWidth,
      title: document.title,
      bottomBar: shown(bar),
      sideMenu: shown(
        document.querySelector('main')?.parentElement?.querySelector('nav[aria-label="Меню бэк-офиса"]') ??
          null,
      ),
      menuMarked: marked('Меню бэк-офиса'),
      tabMarked: marked('Нижнее меню'),
      clippedTabs: Array.from(bar?.querySelectorAll('a') ?? [])
        .filter((link) => link.scrollWidth > link.clientWidth || link.scrollHeight > link.clientHeight)
        .map((link) => link.textContent),
      logoutRight: logout ? logout.getBoundingClientRect().right : null,
    };
  });
}

describe.each(['ADMIN', 'MANAGER', 'PARTNER'] as const)('the back office of a %s', (role) => {
  it('fits a phone and a desktop on every route, with the bar or the side menu and the page marked', async () => {
    const { page } = await browserOf(role);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      const phone = viewport === PHONE;
      for (const [index, screen] of screensOf(role).entries()) {
        // Each size starts with a full load of its first screen, then walks inside the app.
        if (index === 0) {
          await page.goto(screen.path);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
        } else {
          await openInApp(page, screen.path);
        }
        const where = `${role} ${viewport.width}px ${screen.path}`;
        expect(new URL(page.url()).pathname, where).toBe(screen.path);
        const seen = await measure(page);
        expect(seen.documentWidth, where).toBeLessThanOrEqual(viewport.width);
        expect(seen.bodyWidth, where).toBeLessThanOrEqual(viewport.width);
        expect(seen.title, where).toMatch(/ — Бюро переводов$/);
        expect(seen.logoutRight, where).not.toBeNull();
        expect(seen.logoutRight ?? Infinity, where).toBeLessThanOrEqual(viewport.width);
        expect(seen.bottomBar, where).toBe(phone);
        expect(seen.sideMenu, where).toBe(!phone);
        if (phone) {
          expect(seen.clippedTabs, where).toEqual([]);
          expect(seen.tabMarked, where).toEqual(screen.tab ? [screen.tab] : []);
        } else {
          expect(seen.menuMarked, where).toEqual(screen.menu ? [screen.menu] : []);
        }
      }
    }
  }, 180_000);
});

describe('on a phone', () => {
  it('shows the five tabs of an ADMIN whole at 360 px', async () => {
    const { page } = await browserOf('ADMIN');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/crm/users');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const seen = await measure(page);
    expect(seen.documentWidth).toBeLessThanOrEqual(360);
    expect(seen.clippedTabs).toEqual([]);
    expect(seen.tabMarked).toEqual(['Люди']);
    const tabs = page.getByRole('navigation', { name: 'Нижнее меню' }).getByRole('link');
    expect(await tabs.allTextContents()).toEqual(['Заявки', 'Отчёты', 'Люди', 'Партнёры', 'Тарифы']);

    // On the order form a staff member has the customer's four tabs and «CRM»: five whole labels too.
    await page.goto('/order/step-1');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await tabs.filter({ hasText: 'CRM' }).waitFor(); // the order form brings its bar in lazily
    const customerBar = await measure(page);
    expect(customerBar.clippedTabs).toEqual([]);
    expect(
      await tabs.evaluateAll((links) =>
        links.map((link) => link.getAttribute('aria-label') ?? link.textContent),
      ),
    ).toEqual(['Заказы', 'Новый заказ', 'Уведомления', 'Профиль', 'CRM']);
  }, 60_000);

  it('keeps the email and «Выйти» in the header at 360 px, and «Меню» opens the rest of the menu and the chats', async () => {
    const { page } = await browserOf('MANAGER');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/crm/home');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const header = page.locator('header');
    const email = header.getByRole('link', { name: `Профиль: ${accounts.MANAGER.email}` });
    await expect.poll(() => email.isVisible()).toBe(true);
    const box = await email.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(360);

    // The manager's bar has only Заявки (docs/back-office-screens.md); Monitoring and Push are behind «Меню».
    await page.getByRole('button', { name: 'Меню' }).click();
    const dialog = page.getByRole('dialog', { name: 'Меню' });
    await dialog.getByRole('link', { name: 'Мониторинг' }).click();
    await page.waitForURL((url) => url.pathname === '/crm/monitoring');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // On a phone the support chats are in «Меню», not floating over the cards' buttons.
    expect(await page.getByRole('button', { name: 'Поддержка' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Меню' }).click();
    const chats = page.getByRole('dialog', { name: 'Меню' }).getByRole('region', { name: 'Поддержка' });
    expect(await chats.getByRole('link').count()).toBe(2);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    // A desktop has the floating support button, and «Меню» gives way to the side menu.
    await page.setViewportSize(DESKTOP);
    expect(await page.getByRole('button', { name: 'Поддержка' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Меню' }).isVisible()).toBe(false);
  }, 120_000);
});
