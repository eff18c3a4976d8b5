/**
 * The catalogue's back office in Chromium, end to end with the order form: an admin adds a
 * document type and moves it to the top with the keyboard, and a new visitor's step 1 shows it
 * first with its price; an admin adds a pickup point with a photo and a place, a visitor's step 4
 * lists it and its map draws it, and once closed it is gone; a promo code made in form settings
 * works on step 3. Every new screen at 360 and 1440 px is no wider than the screen and has its
 * own title. `CATALOGUE_SHOTS=<folder>` saves each screen at both widths.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, callApi, E2E_ADMIN_PASSWORD, signInAdmin, uniqueEmail } from './auth-fixtures';
import { type BrowserSession, openSite, type Site } from './harness';
import { MAP_TILE, serveMapLocally } from './map-fixtures';
import { nextStep, reachPickupChoice } from './order-steps';
import { phoneProblems } from './phone-fit';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1440, height: 900 };
const SHOTS = process.env.CATALOGUE_SHOTS;
const LONG = 'Свидетельство о заключении брака с апостилем и нотариальным заверением подписи переводчика';

let site: Site;
let token: string;

const api = <T = unknown>(path: string, method = 'GET', body?: unknown) =>
  callApi<T>(site.origin, path, { method, token, body });

beforeAll(async () => {
  site = await openSite();
  token = (await signInAdmin(site.origin)).token;
  // Real data for the screens: many items, long names.
  for (let n = 1; n <= 6; n += 1) {
    await api('/api/form-settings/document', 'POST', {
      type: `${LONG} №${n}`,
      price: 1500 + n * 100,
      cost: 700,
    });
    await api('/api/form-settings/promocode', 'POST', {
      code: `AUTUMN-CAMPAIGN-${n}`,
      discount: 5 + n,
      description: 'Осенняя кампания для корпоративных клиентов с длинным описанием условий',
      endDate: '2027-12-31',
      maxUses: 100,
    });
    await api('/api/point', 'POST', {
      name: `Пункт выдачи «${LONG.slice(0, 40)}» №${n}`,
      schedule: 'Пн–Пт 10:00–21:00, Сб–Вс 11:00–18:00',
      address: 'Москва, Большая Новодмитровская улица, дом 36, строение 4, вход со двора',
      lat: 55.8 + n / 200,
      lon: 37.58,
      partnerId: 1,
      metro: 'Дмитровская',
      metroColor: '#ADACAC',
    });
  }
  await api('/api/office', 'POST', {
    name: 'Офис у Савёловского вокзала с отдельным входом для корпоративных клиентов',
    address: 'Москва, Бутырская улица, дом 46, строение 2, бизнес-центр «Савёловский»',
    schedule: 'Пн–Пт 9:00–20:00, Сб 10:00–16:00',
    phone: '+7 495 123-45-99',
    lat: 55.7936,
    lon: 37.5886,
  });
});

afterAll(async () => {
  await site?.close();
});

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Логин или email').fill(ADMIN_EMAIL);
  await page.getByLabel('Пароль').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/crm'), { timeout: 15_000 });
}

/**
 * One signed-in admin browser for every case: none is about the sign-in or needs a fresh admin
 * browser, each opens its screen with a full load, and a browser and a sign-in cost ~6 s.
 */
let admin: Promise<BrowserSession> | undefined;
function adminBrowser(): Promise<BrowserSession> {
  admin ??= site.openBrowser().then(async (session) => {
    await serveMapLocally(session.context);
    await signIn(session.page);
    return session;
  });
  return admin;
}

afterAll(async () => {
  await (await admin)?.close();
});

/** A visitor's step 1 in a new browser: the documents in the order the form shows them. */
async function visitorDocuments(): Promise<{ session: BrowserSession; names: string[] }> {
  const session = await site.openBrowser();
  const { page } = session;
  await page.goto('/order/step-1');
  await page.waitForURL(/\/order\/step-1\?t=/);
  await page.getByRole('checkbox', { name: /Паспорт/ }).waitFor();
  const names = await page
    .getByRole('checkbox')
    .evaluateAll((boxes) => boxes.map((box) => (box.closest('label')?.textContent ?? '').trim()));
  return { session, names };
}

describe('the catalogue in the back office and the order form', () => {
  it('adds a document type, moves it to the top with the keyboard, and a new visitor sees it first with its price', async () => {
    const { page } = await adminBrowser();
    await page.goto('/crm/form-settings');
    await expect.poll(() => page.title()).toBe('Настройки формы — Бюро переводов');
    await page.getByRole('button', { name: 'Добавить документ' }).click();
    const panel = page.getByRole('dialog', { name: 'Добавить документ' });
    await panel.getByLabel('Название').fill('  Военный билет  ');
    await panel.getByLabel('Цена для клиента, ₽').fill('1 750');
    await panel.getByLabel('Себестоимость, ₽').fill('650,50');
    await panel.getByRole('button', { name: 'Добавить документ' }).click();
    // Added: the panel closes by itself and a notice says so.
    await panel.waitFor({ state: 'detached' });
    await page.getByText(/^Добавлено: Военный билет/).waitFor();
    const list = page.getByRole('list', { name: 'Документы: порядок в форме заказа' });
    const up = list.getByRole('button', { name: 'Выше: Военный билет' });
    await up.focus();
    // Enter on the focused «Выше» until it is first: the focus stays on the moved item.
    for (let guard = 0; guard < 30; guard += 1) {
      const first = await list.locator('li').first().getAttribute('data-reorder-id');
      const id = await list.locator('li', { hasText: 'Военный билет' }).getAttribute('data-reorder-id');
      if (first === id) break;
      await page.keyboard.press('Enter');
      await expect
        .poll(async () => (await page.getByRole('status').allTextContents()).join(' '))
        .toMatch(/Военный билет: место/);
    }
    await expect
      .poll(async () => (await api<{ type: string }[]>('/api/form-settings/document')).data[0]?.type, {
        timeout: 15_000,
      })
      .toBe('Военный билет');

    const visitor = await visitorDocuments();
    expect(visitor.names[0]).toMatch(/^Военный билет.*1\s750\s₽/);
    await visitor.session.close();
  });

  it('adds a pickup point with a photo and a place; a visitor finds it on step 4, and not once it is closed', async () => {
    const { page } = await adminBrowser();
    await page.goto('/crm/partner/1/points/');
    await page.getByRole('button', { name: 'Добавить пункт' }).click();
    let panel = page.getByRole('dialog', { name: 'Новый пункт выдачи' });
    await panel.getByLabel('Название').fill('Пункт выдачи «Савёловская»');
    await panel.getByLabel('Адрес').fill('Москва, ул. Сущёвский Вал, 5');
    await panel.getByLabel('Часы работы').fill('Пн–Вс 10:00–22:00');
    await panel.getByRole('button', { name: 'Выбрать на карте' }).click();
    await panel.locator('[data-map-state="ready"]').waitFor({ timeout: 30_000 });
    await panel.getByLabel('Широта').fill('55.7941');
    await panel.getByLabel('Долгота').fill('37.5875');
    await panel.getByLabel('Станция метро (необязательно)').fill('Савёловская');
    await panel.getByRole('button', { name: 'Добавить пункт' }).click();
    // Saved, the panel becomes the point's own: its title names the point.
    panel = page.getByRole('dialog', { name: 'Пункт «Пункт выдачи «Савёловская»»' });
    await panel.getByText(/Пункт «Пункт выдачи «Савёловская»» добавлен/).waitFor();
    await panel.getByLabel('Новая фотография').setInputFiles({
      name: 'vhod.png',
      mimeType: 'image/png',
      buffer: MAP_TILE,
    });
    await panel.getByRole('button', { name: 'Добавить фотографию' }).click();
    await panel.getByText('Фотография добавлена').waitFor();
    await expect.poll(() => panel.getByRole('img', { name: /Савёловская», фото 1/ }).count()).toBe(1);
    await page.keyboard.press('Escape');

    const points = await callApi<{ id: number; name: string; photos: string[] }[]>(
      site.origin,
      '/api/point/active',
      {
        method: 'GET',
      },
    );
    const added = points.data.find((point) => point.name === 'Пункт выдачи «Савёловская»');
    expect(added?.photos).toHaveLength(1);

    const visitor = await site.openBrowser();
    await serveMapLocally(visitor.context);
    const customer = visitor.page;
    await customer.goto('/order/step-1');
    await customer.waitForURL(/\/order\/step-1\?t=/);
    await customer.getByRole('checkbox', { name: /Паспорт/ }).check();
    await customer.getByLabel('Язык оригинала').selectOption('ru');
    await customer.getByLabel('Язык перевода').selectOption('en');
    await nextStep(customer, 1);
    await reachPickupChoice(customer, uniqueEmail('catalogue-point'));
    await customer.getByLabel('Поиск по названию, адресу или метро').fill('Савёловская');
    await customer.getByRole('radio', { name: /Савёловская/ }).check();
    await customer.getByRole('img', { name: /Савёловская», фото 1 из 1/ }).waitFor();
    const map = customer.locator('[data-map-state]').first();
    await expect.poll(() => map.getAttribute('data-map-state'), { timeout: 30_000 }).toBe('ready');
    await expect
      .poll(() => map.getAttribute('data-rendered'), { timeout: 30_000 })
      .toContain(`"id":${added?.id}`);

    const card = page.locator('li', { hasText: 'Пункт выдачи «Савёловская»' });
    // Closing it to customers is asked first.
    await card.getByRole('button', { name: /^Закрыть для клиентов/ }).click();
    await page
      .getByRole('dialog', { name: /^Закрыть пункт «Пункт выдачи «Савёловская»» для клиентов/ })
      .getByRole('button', { name: 'Да, закрыть пункт' })
      .click();
    await card.getByText('закрыт для клиентов').waitFor();
    // The visitor's next visit of step 4 no longer offers it.
    await customer.reload();
    await customer.getByLabel('Поиск по названию, адресу или метро').fill('Савёловская');
    await customer
      .getByText(/Тверская|Ничего не найдено|не найден/)
      .first()
      .waitFor()
      .catch(() => undefined);
    expect(await customer.getByRole('radio', { name: /Савёловская/ }).count()).toBe(0);
    await visitor.close();
  }, 240_000);

  it('makes a promo code in form settings that a customer applies on step 3', async () => {
    const { page } = await adminBrowser();
    await page.goto('/crm/form-settings');
    await page.getByRole('button', { name: 'Добавить промокод' }).click();
    const panel = page.getByRole('dialog', { name: 'Новый промокод' });
    await panel.getByLabel('Промокод', { exact: true }).fill('winter25');
    await panel.getByLabel('Скидка, %').fill('25');
    await panel.getByRole('button', { name: 'Добавить промокод' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.getByText('Промокод WINTER25 добавлен').waitFor();

    const visitor = await site.openBrowser();
    const customer = visitor.page;
    await customer.goto('/order/step-1');
    await customer.waitForURL(/\/order\/step-1\?t=/);
    await customer.getByRole('checkbox', { name: /Паспорт/ }).check();
    await customer.getByLabel('Язык оригинала').selectOption('ru');
    await customer.getByLabel('Язык перевода').selectOption('en');
    await nextStep(customer, 1);
    await nextStep(customer, 2);
    await customer.getByLabel('Промокод (необязательно)').fill('Winter25');
    await customer.getByRole('button', { name: 'Применить' }).click();
    await customer.getByText('Промокод применён — скидка 25%').waitFor();
    await visitor.close();
  });

  // The admin's browser walks every screen: a browser and a sign-in per screen cost 3 s each.
  it.each([
    ['/crm/tariffs', 'Тарифы'],
    ['/crm/tariffs/document-1', 'Тариф: Паспорт'],
    ['/crm/form-settings', 'Настройки формы'],
    ['/crm/offices', 'Офисы'],
    ['/crm/partner', 'Партнёры'],
    ['/crm/partner/1/points/', 'Пункты выдачи: ПВЗ Экспресс'],
  ])('%s fits 360 and 1440 px and is titled «%s»', async (path, title) => {
    const { page } = await adminBrowser();
    for (const [label, size] of [
      ['360', PHONE],
      ['1440', DESKTOP],
    ] as const) {
      await page.setViewportSize(size);
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expect.poll(() => page.title()).toBe(`${title} — Бюро переводов`);
      await page.waitForLoadState('networkidle').catch(() => undefined);
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        screen: window.innerWidth,
      }));
      expect(widths.page, `${path} at ${label}`).toBeLessThanOrEqual(widths.screen);
      // The points' «Закрыть для клиентов» and «Изменить» rows: on the phone every control can
      // also be scrolled clear of the tab bar and takes its taps (a few seconds a page, so here only).
      if (size === PHONE && path.startsWith('/crm/partner'))
        expect(await phoneProblems(page), `${path} at ${label}`).toEqual([]);
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        const name = path
          .replace(/^\/crm\//, '')
          .replace(/\W+/g, '-')
          .replace(/-$/, '');
        await page.screenshot({ path: join(SHOTS, `${name}-${label}.png`), fullPage: true });
      }
    }
  });
});
