// @vitest-environment happy-dom The guards of docs/roles-and-access.md on the real route tree: who
// ends up where, and what is cleared on the way.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../api/test-helpers';
import { renderApp, signInAs } from '../../testing/render-app';

const server = (request: Request) =>
  new URL(request.url).pathname === '/api/auth/logout'
    ? new Response(null, { status: 204 })
    : json({ documents: [], assurances: [], deliveries: [], languages: [] });

const STAFF_KEYS = ['crm_token', 'crm_authStatus', 'crm_role', 'crmUserProfile'];
const staffData = () => STAFF_KEYS.map((key) => localStorage.getItem(key));

async function landsOn(path: string, expected: string) {
  const view = renderApp(path, server);
  await waitFor(() => expect(view.router.state.location.href).toBe(expected));
  return view;
}

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('staff routes', () => {
  it.each(['/crm/home', '/crm/stats', '/crm/users', '/crm/monitoring', '/profile', '/crm'])(
    'send a PARTNER from %s to /crm/orders',
    async (path) => {
      signInAs('crm', 'PARTNER');
      await landsOn(path, '/crm/orders');
      expect(await screen.findByRole('heading', { level: 1, name: 'Заказы' })).toBeTruthy();
    },
  );

  it('let a PARTNER open an order', async () => {
    signInAs('crm', 'PARTNER');
    await landsOn('/crm/orders/15', '/crm/orders/15');
  });

  it('send a visitor who is not signed in to /login with the way back', async () => {
    await landsOn('/crm/users?page=2', '/login?redirect=%2Fcrm%2Fusers%3Fpage%3D2');
  });

  it('clear the staff data of a USER holding a staff token and send them to /login', async () => {
    signInAs('crm', 'USER');
    signInAs('cabinet', 'USER');
    await landsOn('/crm/home', '/login?redirect=%2Fcrm%2Fhome');
    expect(staffData()).toEqual([null, null, null, null]);
    expect(localStorage.getItem('cabinet_token')).not.toBeNull();
  });

  it('send a customer of the cabinet to /login: a cabinet token is not staff', async () => {
    signInAs('cabinet', 'USER');
    await landsOn('/crm/home', '/login?redirect=%2Fcrm%2Fhome');
  });

  it('keep MANAGER out of the queue and periodic jobs, not out of monitoring and push', async () => {
    signInAs('crm', 'MANAGER');
    await landsOn('/crm/monitoring/queue', '/no-access');
    cleanup();
    await landsOn('/crm/monitoring/cron', '/no-access');
    cleanup();
    await landsOn('/crm/monitoring', '/crm/monitoring');
    cleanup();
    await landsOn('/crm/push-notifications', '/crm/push-notifications');
  });

  it('let ADMIN into the queue', async () => {
    signInAs('crm', 'ADMIN');
    await landsOn('/crm/monitoring/queue', '/crm/monitoring/queue');
  });
});

describe('cabinet routes', () => {
  it('send a visitor who is not a signed-in customer to /cabinet-login with the way back', async () => {
    signInAs('crm', 'ADMIN');
    await landsOn('/cabinet/orders/7', '/cabinet-login?redirect=%2Fcabinet%2Forders%2F7');
  });
});

describe('login pages', () => {
  it('/login clears staff data of a visitor without staff access', async () => {
    localStorage.setItem('crm_authStatus', 'CODE_WAITING');
    localStorage.setItem('crmUserProfile', '{"email":"old@b.ru"}');
    await landsOn('/login', '/login');
    expect(staffData()).toEqual([null, null, null, null]);
  });

  it('/login sends signed-in staff home, or to ?redirect=', async () => {
    signInAs('crm', 'MANAGER');
    await landsOn('/login', '/crm/home');
    cleanup();
    await landsOn('/login?redirect=%2Fcrm%2Fmonitoring', '/crm/monitoring');
  });

  it('/login from a cabinet page goes to the cabinet orders', async () => {
    signInAs('cabinet', 'USER');
    const { router } = await landsOn('/cabinet/profile', '/cabinet/profile');
    await router.navigate({ to: '/login' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/cabinet/orders'));
  });

  it('/cabinet-login sends a signed-in customer to the orders', async () => {
    signInAs('cabinet', 'USER');
    await landsOn('/cabinet-login', '/cabinet/orders');
  });

  it('/cabinet-login clears what is left of a cabinet session, not the staff one', async () => {
    signInAs('crm', 'ADMIN');
    localStorage.setItem('cabinet_user', '{"email":"old@b.ru"}');
    localStorage.setItem('cabinet_authStatus', 'AUTHORIZED');
    await landsOn('/cabinet-login', '/cabinet-login');
    expect(localStorage.getItem('cabinet_user')).toBeNull();
    expect(localStorage.getItem('cabinet_authStatus')).toBeNull();
    expect(localStorage.getItem('crm_token')).not.toBeNull();
  });
});

describe('redirect helpers', () => {
  it.each([
    ['/admin-redirect', '/login?redirect=%2Fcrm%2Fhome'],
    ['/partner-redirect', '/login?redirect=%2Fcrm%2Forders'],
    ['/cabinet-redirect', '/cabinet-login?redirect=%2Fcabinet%2Forders'],
  ])('%s without a session goes to %s', async (from, to) => {
    await landsOn(from, to);
  });

  it('/admin-redirect takes a PARTNER to the orders', async () => {
    signInAs('crm', 'PARTNER');
    await landsOn('/admin-redirect', '/crm/orders');
  });
});

describe('back-office frame', () => {
  it('shows the MANAGER’s menu, the email and «Выйти», which signs out to /login', async () => {
    signInAs('crm', 'MANAGER', { email: 'm@perevod.local' });
    const requests: string[] = [];
    const view = renderApp('/crm/home', (request) => {
      requests.push(`${request.method} ${new URL(request.url).pathname}`);
      return server(request);
    });
    const menu = within(await screen.findByRole('navigation', { name: 'Меню бэк-офиса' }));
    expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Заявки',
      'Мои заказы',
      'Мониторинг',
      'Push-уведомления',
      'Личный кабинет',
    ]);
    // Twice in the page: under the brand for phones, beside «Выйти» for wider screens.
    expect(screen.getAllByRole('link', { name: 'Профиль: m@perevod.local' })).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Выйти' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
    expect(requests).toContain('POST /api/auth/logout');
    expect(staffData()).toEqual([null, null, null, null]);
  });

  it('shows the staff tabs of the role in the bottom bar, the current one marked', async () => {
    signInAs('crm', 'ADMIN');
    renderApp('/crm/stats', server);
    const bar = within(await screen.findByRole('navigation', { name: 'Нижнее меню' }));
    expect(bar.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Заявки',
      'Отчёты',
      'Люди',
      'Партнёры',
      'Тарифы',
    ]);
    expect(bar.getByRole('link', { name: 'Отчёты' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('order form bottom bar', () => {
  it('is absent for a visitor with no session', async () => {
    renderApp('/order/step-1', server);
    await screen.findByRole('heading', { level: 1, name: 'Заказ перевода' });
    expect(screen.queryByRole('navigation', { name: 'Нижнее меню' })).toBeNull();
  });

  it('shows the customer tabs for a signed-in customer, «Новый заказ» marked', async () => {
    signInAs('cabinet', 'USER');
    renderApp('/order/step-1', server);
    const bar = within(await screen.findByRole('navigation', { name: 'Нижнее меню' }));
    expect(bar.getByRole('link', { name: 'Новый заказ' }).getAttribute('aria-current')).toBe('page');
  });
});
