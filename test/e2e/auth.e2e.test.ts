/**
 * Issue 3 in a real browser against the real server: sign-in by the emailed code, by password and
 * by the email's link; where each role lands; what a lost session does. Codes and links are read
 * from the .eml files the server writes to DATA_DIR/outbox.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../server/test-support/outbox';
import {
  ADMIN_EMAIL,
  callApi,
  codeEmailedTo,
  createPartner,
  E2E_ADMIN_PASSWORD,
  emailedSignIn,
  uniqueEmail,
} from './auth-fixtures';
import { type BrowserSession, laneServer, openSite, type Site } from './harness';

let site: Site;
let session: BrowserSession | undefined;

beforeAll(async () => {
  site = await openSite();
});
afterEach(async () => {
  await session?.close();
  session = undefined;
});
afterAll(async () => {
  await site?.close();
});

const STAFF_KEYS = ['crm_token', 'crm_authStatus', 'crm_role', 'crmUserProfile'];

const DESKTOP = { width: 1440, height: 900 };

async function browser(): Promise<Page> {
  session = await site.openBrowser();
  return session.page;
}

function stored(page: Page, keys: string[]): Promise<Record<string, string | null>> {
  return page.evaluate(
    (names) => Object.fromEntries(names.map((name) => [name, localStorage.getItem(name)])),
    keys,
  );
}

/** Waits until the page shows `path` (path + search), after any redirects. */
async function landsOn(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname + url.search === path, { timeout: 15_000 });
}

async function signInAsCustomerInBrowser(page: Page, email: string) {
  await page.goto('/cabinet-login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('checkbox', { name: /согласие на обработку персональных данных/ }).check();
  const seen = listOutbox(laneServer().dataDir);
  await page.getByRole('button', { name: 'Получить код' }).click();
  await page.getByText(`Код отправлен на ${email}`).waitFor();
  await page.getByLabel('Код из письма').fill(await codeEmailedTo(email, seen));
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await landsOn(page, '/cabinet/orders');
}

async function signInWithPassword(page: Page, login: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Логин или email').fill(login);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
}

describe('customer sign-in by the emailed code', () => {
  it('signs the customer in with the code from the .eml and opens /cabinet/orders', async () => {
    const page = await browser();
    const email = uniqueEmail('customer');
    await signInAsCustomerInBrowser(page, email);
    await page.getByRole('heading', { level: 1, name: 'Мои заказы' }).waitFor();
    // The header names the account (shown from tablet width; a phone header keeps only «Выйти»).
    await page.getByText(email).first().waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Выйти' }).waitFor();
    const keys = await stored(page, ['cabinet_token', 'cabinet_authStatus', 'cabinet_role', 'crm_token']);
    expect(keys.cabinet_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(keys).toMatchObject({ cabinet_authStatus: 'AUTHORIZED', cabinet_role: 'USER', crm_token: null });
    // The session is real: the server answers the cabinet's calls with it.
    const session = await callApi<{ user: { email: string } }>(site.origin, '/api/auth/session', {
      method: 'GET',
      token: keys.cabinet_token ?? '',
    });
    expect(session).toMatchObject({ status: 200, data: { user: { email } } });
  });
});

describe('staff sign-in', () => {
  it('signs ADMIN in with the password and opens the back office with every menu item', async () => {
    const page = await browser();
    await signInWithPassword(page, ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    await landsOn(page, '/crm/home');
    // The side menu is the desktop's (a phone reaches the same items through «Меню»).
    await page.setViewportSize(DESKTOP);
    const menu = page.getByRole('navigation', { name: 'Меню бэк-офиса' });
    for (const item of [
      'Заявки',
      'Статистика',
      'Мониторинг',
      'Пользователи',
      'Push-уведомления',
      'Личный кабинет',
    ])
      await menu.getByRole('link', { name: item, exact: true }).waitFor();
    expect(await stored(page, ['crm_role'])).toEqual({ crm_role: 'ADMIN' });
    // The header names the account (shown from tablet width; a phone header keeps only «Выйти»).
    await page.getByText(ADMIN_EMAIL).first().waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Выйти' }).waitFor();
  });

  it('lands a PARTNER on /crm/orders whatever staff page they open', async () => {
    const email = uniqueEmail('partner');
    const password = `Partner-${Date.now()}-pw`;
    await createPartner(site.origin, email, password);
    const page = await browser();
    await signInWithPassword(page, email, password);
    await landsOn(page, '/crm/orders');
    for (const path of ['/crm/home', '/crm/stats', '/crm/users']) {
      await page.goto(path);
      await landsOn(page, '/crm/orders');
      await page.getByRole('heading', { level: 1, name: 'Заказы' }).waitFor();
    }
    await page.setViewportSize(DESKTOP);
    const menu = page.getByRole('navigation', { name: 'Меню бэк-офиса' });
    await menu.getByRole('link', { name: 'Заказы', exact: true }).waitFor();
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Заказы', 'Личный кабинет']);
  });

  it('sends a USER who opens /crm/home to the login page with the staff data cleared', async () => {
    const page = await browser();
    const email = uniqueEmail('user');
    await signInAsCustomerInBrowser(page, email);
    // Staff data as an older build, or a USER's code sign-in on /login, could have left it.
    await page.evaluate(() => {
      const token = localStorage.getItem('cabinet_token') ?? '';
      localStorage.setItem('crm_token', token);
      localStorage.setItem('crm_authStatus', 'AUTHORIZED');
      localStorage.setItem('crm_role', 'USER');
      localStorage.setItem('crmUserProfile', JSON.stringify({ email: 'x', phoneNumber: null }));
    });
    await page.goto('/crm/home');
    await landsOn(page, '/login?redirect=%2Fcrm%2Fhome');
    await page.getByRole('heading', { level: 1, name: 'Вход для сотрудников' }).waitFor();
    expect(await stored(page, STAFF_KEYS)).toEqual(Object.fromEntries(STAFF_KEYS.map((key) => [key, null])));
    expect((await stored(page, ['cabinet_token'])).cabinet_token).not.toBeNull();
  });
});

describe('a session ended on the server', () => {
  it('sends the customer to /cabinet-login with the way back on the next call (401)', async () => {
    const page = await browser();
    await signInAsCustomerInBrowser(page, uniqueEmail('revoked'));
    await page.goto('/cabinet/profile');
    await page.getByText('Клиент').waitFor(); // the profile came from GET /api/profile
    const { cabinet_token: token } = await stored(page, ['cabinet_token']);
    expect((await callApi(site.origin, '/api/auth/logout', { token: token ?? '' })).status).toBe(204);

    await page.reload();
    await landsOn(page, '/cabinet-login?redirect=%2Fcabinet%2Fprofile');
    expect(await stored(page, ['cabinet_token', 'cabinet_authStatus'])).toEqual({
      cabinet_token: null,
      cabinet_authStatus: null,
    });
  });

  it('sends staff to /login with the way back', async () => {
    const page = await browser();
    await signInWithPassword(page, ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    await landsOn(page, '/crm/home');
    await page.goto('/profile');
    await page.getByText('Администратор').waitFor();
    const { crm_token: token } = await stored(page, ['crm_token']);
    expect((await callApi(site.origin, '/api/auth/logout', { token: token ?? '' })).status).toBe(204);

    await page.reload();
    await landsOn(page, '/login?redirect=%2Fprofile');
    expect((await stored(page, ['crm_token'])).crm_token).toBeNull();
  });
});

describe('the sign-in link of the email', () => {
  it('opens the cabinet from a plain browser tab, as the email links it, once', async () => {
    const email = uniqueEmail('link');
    const { link } = await emailedSignIn(site.origin, email);
    const url = new URL(link);
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('email')).toBe(email);
    const path = `/${url.search}`;

    const page = await browser();
    await page.goto(path);
    await landsOn(page, '/cabinet/orders');
    // The header names the account (shown from tablet width; a phone header keeps only «Выйти»).
    await page.getByText(email).first().waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Выйти' }).waitFor();
    expect((await stored(page, ['cabinet_token'])).cabinet_token).not.toBeNull();

    // Used once, the link is refused: the cabinet login says so and offers the code instead.
    await page.evaluate(() => localStorage.clear());
    await page.goto(path);
    await landsOn(page, `/cabinet-login?email=${encodeURIComponent(email)}`);
    await page.getByText(/Не удалось войти по ссылке/).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
  });
});
