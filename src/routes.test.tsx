// @vitest-environment happy-dom
// Every route of docs/back-office-screens.md opens, inside the frame of its area.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from './api/test-helpers';
import { renderApp, signInAs, TEST_TOKEN } from './testing/render-app';
import { CUSTOMER } from './testing/session-users';

vi.mock('./features/shell/update-prompt', () => ({ UpdatePrompt: () => null }));

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// The catalogue for the order form; the cabinet's own reads find nothing (they show why, in place);
// the back office's lists are empty.
const server = (request: Request) => {
  const path = new URL(request.url).pathname;
  if (/^\/api\/(user|notifications)\//.test(path))
    return json({ code: 'NOT_FOUND', message: 'Не найдено' }, 404);
  if (
    /^\/api\/(form-settings\/(document|assurance|delivery|promocode)|partner|point(\/partner\/\d+)?|office)$/.test(
      path,
    )
  )
    return json([]);
  if (path === '/api/form-settings/changes') return json({ items: [], total: 0, limit: 50, offset: 0 });
  if (path === '/api/admin/legal')
    return json({
      operator: { name: 'ООО «Слово»', inn: '7707083893', address: 'Москва', contact: 'a@b.ru' },
      documents: [],
    });
  return json({ documents: [], assurances: [], deliveries: [], languages: [] });
};

const AREA_MENUS = {
  public: 'Основное меню',
  cabinet: 'Меню личного кабинета',
  backoffice: 'Меню бэк-офиса',
} as const;

/** Each area as someone who may open it: an ADMIN in the back office, a customer in the cabinet. */
function signInFor(area: keyof typeof AREA_MENUS) {
  if (area === 'backoffice') signInAs('crm', 'ADMIN');
  if (area === 'cabinet') signInAs('cabinet', 'USER');
}

async function expectPage(path: string, area: keyof typeof AREA_MENUS, title: string | RegExp) {
  signInFor(area);
  renderApp(path, server);
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
  expect(screen.getByRole('navigation', { name: AREA_MENUS[area] })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Перейти к содержимому' })).toBeTruthy();
}

describe('routes of the product', () => {
  it.each([
    ['/login', 'public', 'Вход для сотрудников'],
    ['/cabinet-login', 'public', 'Вход в личный кабинет'],
    ['/no-access', 'public', 'Нет доступа'],
    ['/debug', 'public', 'Диагностика'],
    ['/landing-old', 'public', 'Перевод документов с заверением'],
    ['/order/step-1', 'public', 'Заказ перевода'],
    ['/order/step-2', 'public', 'Заказ перевода'],
    ['/order/step-3', 'public', 'Заказ перевода'],
    ['/order/step-4', 'public', 'Заказ перевода'],
    ['/order/success', 'public', 'Заказ не найден'],
    ['/cabinet/orders', 'cabinet', 'Мои заказы'],
    // This test's server knows no order 42: the cabinet says so in its own frame.
    ['/cabinet/orders/42', 'cabinet', 'Заказ не найден'],
    ['/cabinet/notifications', 'cabinet', 'Уведомления'],
    ['/cabinet/profile', 'cabinet', 'Профиль'],
    ['/cabinet/organization', 'cabinet', 'Организация'],
    ['/cabinet/invoices', 'cabinet', 'Счета'],
    ['/crm/home', 'backoffice', 'Заявки'],
    ['/crm/stats', 'backoffice', 'Статистика'],
    ['/crm/form-settings', 'backoffice', 'Настройки формы'],
    ['/crm/documents', 'backoffice', 'Документы для клиентов'],
    ['/crm/users', 'backoffice', 'Пользователи'],
    ['/crm/partner', 'backoffice', 'Партнёры'],
    ['/crm/partner/3/points/', 'backoffice', 'Пункты выдачи партнёра №3'],
    ['/crm/orders', 'backoffice', 'Заказы'],
    ['/crm/orders/15', 'backoffice', 'Заказ № 15'],
    ['/crm/tariffs', 'backoffice', 'Тарифы'],
    ['/crm/tariffs/document-2', 'backoffice', 'Тариф №2'],
    ['/crm/offices', 'backoffice', 'Офисы'],
    ['/crm/push-notifications', 'backoffice', 'Push-уведомления'],
    ['/crm/monitoring', 'backoffice', 'Мониторинг заказов'],
    ['/crm/monitoring/order/77', 'backoffice', 'Мониторинг заказа № 77'],
    ['/crm/monitoring/queue', 'backoffice', 'Очередь автоматизации'],
    ['/crm/monitoring/cron', 'backoffice', 'Периодические задачи'],
    ['/profile', 'backoffice', 'Профиль'],
  ] as const)('%s opens in the %s area', async (path, area, title) => {
    await expectPage(path, area, title);
  });

  it('marks monitoring routes as needing the view_orders permission, the queue ADMIN only', async () => {
    signInAs('crm', 'ADMIN');
    const { router } = renderApp('/crm/monitoring/queue', server);
    await screen.findByRole('heading', { level: 1, name: 'Очередь автоматизации' });
    expect(router.state.matches.at(-1)?.staticData).toEqual({ permission: 'view_orders', roles: ['ADMIN'] });
  });

  it('opens /crm-access-request as the request form for a signed-in customer', async () => {
    signInAs('cabinet', 'USER');
    await expectPage('/crm-access-request', 'public', 'Запрос доступа к бэк-офису');
  });
});

describe('redirects', () => {
  it.each([
    ['/order', '/order/step-1'],
    ['/cabinet', '/cabinet/orders'],
    ['/crm', '/crm/home'],
    ['/cabinet-redirect', '/cabinet/orders'],
    ['/admin-redirect', '/crm/home'],
    ['/partner-redirect', '/crm/orders'],
  ])('%s goes to %s for a signed-in ADMIN who is also a customer', async (from, to) => {
    signInAs('crm', 'ADMIN');
    signInAs('cabinet', 'USER');
    const { router } = renderApp(from, server);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it('signs in from the installed app with an email link and opens the cabinet orders', async () => {
    const calls: string[] = [];
    const linkServer = async (request: Request) => {
      const { pathname } = new URL(request.url);
      calls.push(`${request.method} ${pathname}`);
      if (pathname === '/api/auth/hash') {
        expect(await request.json()).toEqual({ email: 'anna@example.ru', hash: 'h1' });
        return json({ token: TEST_TOKEN, hash: null, user: CUSTOMER });
      }
      return server(request);
    };
    const { router } = renderApp('/?pwa=true&hash=h1&email=anna%40example.ru', linkServer);
    await waitFor(() => expect(router.state.location.pathname).toBe('/cabinet/orders'));
    expect(calls.filter((call) => call === 'POST /api/auth/hash')).toHaveLength(1);
    expect(localStorage.getItem('cabinet_token')).toBe(TEST_TOKEN);
  });

  it('shows why an email link was refused, on the cabinet login without the used link', async () => {
    const refusing = (request: Request) =>
      new URL(request.url).pathname === '/api/auth/hash'
        ? json({ code: 'LINK_INVALID', message: 'Ссылка устарела или уже использована' }, 401)
        : server(request);
    const { router } = renderApp('/?pwa=true&hash=h1&email=anna%40example.ru', refusing);
    expect((await screen.findByRole('alert')).textContent).toContain('Ссылка устарела или уже использована');
    expect(router.state.location.pathname).toBe('/cabinet-login');
    expect(router.state.location.search).toEqual({ email: 'anna@example.ru' });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('anna@example.ru');
  });

  it('drops a redirect to another site from the login address', async () => {
    const { router } = renderApp('/login?redirect=%2F%2Fevil.example', server);
    await screen.findByRole('heading', { level: 1, name: 'Вход для сотрудников' });
    expect(router.state.location.search).toEqual({});
  });
});

describe('not-found page', () => {
  it('shows for an unknown path, in the public frame', async () => {
    await expectPage('/no-such-page', 'public', 'Страница не найдена');
  });

  it('keeps the cabinet frame for an unknown cabinet path', async () => {
    await expectPage('/cabinet/no-such-page', 'cabinet', 'Страница не найдена');
  });

  it('keeps the back-office frame for an unknown back-office path', async () => {
    await expectPage('/crm/no-such-page', 'backoffice', 'Страница не найдена');
  });
});

describe('navigation', () => {
  it('marks the link of the current page for screen readers', async () => {
    signInAs('cabinet', 'USER');
    renderApp('/cabinet/invoices', server);
    const menu = within(await screen.findByRole('navigation', { name: 'Меню личного кабинета' }));
    expect(menu.getByRole('link', { name: 'Счета' }).getAttribute('aria-current')).toBe('page');
    expect(menu.getByRole('link', { name: 'Заказы' }).getAttribute('aria-current')).toBeNull();
  });
});
