// @vitest-environment happy-dom
// Every route of spec section 2 opens, inside the frame of its area.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from './api/test-helpers';
import { renderApp } from './testing/render-app';

vi.mock('./features/shell/update-prompt', () => ({ UpdatePrompt: () => null }));

afterEach(cleanup);

const server = () => json({ documents: [], assurances: [], deliveries: [], languages: [] });

const AREA_MENUS = {
  public: 'Основное меню',
  cabinet: 'Меню личного кабинета',
  backoffice: 'Меню бэк-офиса',
} as const;

async function expectPage(path: string, area: keyof typeof AREA_MENUS, title: string | RegExp) {
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
    ['/crm-access-request', 'public', 'Запрос доступа к бэк-офису'],
    ['/debug', 'public', 'Диагностика'],
    ['/landing-old', 'public', 'Старая страница заказа'],
    ['/order/step-1', 'public', 'Заказ перевода'],
    ['/order/step-2', 'public', 'Заказ перевода'],
    ['/order/step-3', 'public', 'Заказ перевода'],
    ['/order/step-4', 'public', 'Заказ перевода'],
    ['/order/success', 'public', 'Заказ оформлен'],
    ['/cabinet/orders', 'cabinet', 'Мои заказы'],
    ['/cabinet/orders/42', 'cabinet', 'Заказ №42'],
    ['/cabinet/notifications', 'cabinet', 'Уведомления'],
    ['/cabinet/profile', 'cabinet', 'Профиль'],
    ['/cabinet/organization', 'cabinet', 'Организация'],
    ['/cabinet/invoices', 'cabinet', 'Счета'],
    ['/crm/home', 'backoffice', 'Заявки'],
    ['/crm/stats', 'backoffice', 'Статистика'],
    ['/crm/form-settings', 'backoffice', 'Настройки формы'],
    ['/crm/users', 'backoffice', 'Пользователи'],
    ['/crm/partner', 'backoffice', 'Партнёры'],
    ['/crm/partner/3/points/', 'backoffice', 'Пункты выдачи партнёра №3'],
    ['/crm/orders', 'backoffice', 'Заказы'],
    ['/crm/orders/15', 'backoffice', 'Заказ №15'],
    ['/crm/tariffs', 'backoffice', 'Тарифы'],
    ['/crm/tariffs/2', 'backoffice', 'Тариф №2'],
    ['/crm/offices', 'backoffice', 'Офисы'],
    ['/crm/push-notifications', 'backoffice', 'Push-уведомления'],
    ['/crm/monitoring', 'backoffice', 'Мониторинг заказов'],
    ['/crm/monitoring/order/77', 'backoffice', 'Мониторинг заказа №77'],
    ['/crm/monitoring/queue', 'backoffice', 'Очередь автоматизации'],
    ['/crm/monitoring/cron', 'backoffice', 'Периодические задачи'],
    ['/profile', 'backoffice', 'Профиль'],
  ] as const)('%s opens in the %s area', async (path, area, title) => {
    await expectPage(path, area, title);
  });

  it('says plainly when a screen comes in a later version', async () => {
    renderApp('/crm/stats', server);
    expect(await screen.findByText('Раздел появится в следующей версии')).toBeTruthy();
  });

  it('marks monitoring routes as needing the view_orders permission', async () => {
    const { router } = renderApp('/crm/monitoring/queue', server);
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.matches.at(-1)?.staticData).toEqual({ permission: 'view_orders' });
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
  ])('%s goes to %s', async (from, to) => {
    const { router } = renderApp(from, server);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it('opens the cabinet login from the installed app, passing on a sign-in link', async () => {
    const { router } = renderApp('/?pwa=true&hash=h1&email=anna%40example.ru', server);
    await waitFor(() => expect(router.state.location.pathname).toBe('/cabinet-login'));
    expect(router.state.location.search).toEqual({ hash: 'h1', email: 'anna@example.ru' });
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
    renderApp('/cabinet/invoices', server);
    const current = await screen.findByRole('link', { name: 'Счета' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Заказы' }).getAttribute('aria-current')).toBeNull();
  });
});
