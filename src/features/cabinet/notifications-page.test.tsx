// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../api/test-helpers';
import { fakeApi } from '../../testing/fake-api';
import { renderApp, setOnline, signInAs } from '../../testing/render-app';
import { aNotification } from './test-fixtures';

vi.mock('../shell/update-prompt', () => ({ UpdatePrompt: () => null }));
// A shared two-core machine: a screen's second round trip can take longer than the default second.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => signInAs('cabinet', 'USER'));
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

function server() {
  let items = [
    aNotification({
      id: 2,
      title: 'Заказ 2611-00042 готов',
      read: false,
      createdAt: '2026-11-21T10:00:00.000Z',
    }),
    aNotification({ id: 1, read: true }),
  ];
  const unread = () => items.filter((item) => !item.read).length;
  return fakeApi({
    'GET /api/user/notifications': (_request: Request, url: URL) => {
      const shown = url.searchParams.get('includeRead') === 'false' ? items.filter((i) => !i.read) : items;
      return json({ items: shown, total: shown.length, unread: unread(), limit: 20, offset: 0 });
    },
    'GET /api/notifications/stats': () => json({ total: items.length, unread: unread() }),
    'PATCH /api/user/notifications/2/read': () => {
      items = items.map((item) => (item.id === 2 ? { ...item, read: true } : item));
      return json(items.find((item) => item.id === 2));
    },
    'PATCH /api/user/notifications/read-all': () => {
      const updated = unread();
      items = items.map((item) => ({ ...item, read: true }));
      return json({ updated });
    },
    'DELETE /api/user/notifications/1': () => {
      items = items.filter((item) => item.id !== 1);
      return new Response(null, { status: 204 });
    },
  });
}

const menuLink = () =>
  within(screen.getByRole('navigation', { name: 'Меню личного кабинета' })).getByRole('link', {
    name: /Уведомления/,
  });

describe('cabinet notifications', () => {
  it('lists notifications with the unread count in the menu, and marks one read', async () => {
    const api = server();
    renderApp('/cabinet/notifications', api);
    const list = await screen.findByRole('list', { name: 'Список уведомлений' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    // The route puts the device's push switch on this screen.
    expect(screen.getByRole('heading', { name: 'Уведомления на этом устройстве' })).toBeTruthy();
    await waitFor(() => expect(menuLink().textContent).toBe('Уведомления1 (1 непрочитанное)'));
    expect(api.calls.find((c) => c.path === '/api/user/notifications')?.query).toBe(
      '?limit=20&offset=0&includeRead=true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Прочитано: Заказ 2611-00042 готов' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Прочитано/ })).toBeNull());
    await waitFor(() => expect(menuLink().textContent).toBe('Уведомления'));
    expect(screen.getByRole('link', { name: 'Открыть: Заказ 2611-00042 готов' }).getAttribute('href')).toBe(
      '/cabinet/orders/42',
    );
  });

  it('shows only unread ones on request, marks all read and deletes one', async () => {
    const api = server();
    const { router } = renderApp('/cabinet/notifications', api);
    await screen.findByRole('list', { name: 'Список уведомлений' });
    fireEvent.click(screen.getByLabelText('Только непрочитанные'));
    await waitFor(() => expect(router.state.location.search).toEqual({ unread: true }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Список уведомлений' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Отметить все прочитанными' }));
    expect(await screen.findByText('Непрочитанных уведомлений нет.')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Только непрочитанные'));
    await screen.findByRole('list', { name: 'Список уведомлений' });
    fireEvent.click(screen.getByRole('button', { name: 'Удалить: Заказ 2611-00042 ожидает оплаты' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Список уведомлений' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toContain('DELETE /api/user/notifications/1');
  });

  it('offline, keeps the list but says changes need the network', async () => {
    setOnline(false);
    renderApp('/cabinet/notifications', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await screen.findByText(/можно только онлайн/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Отметить все прочитанными' })).toHaveProperty(
      'disabled',
      true,
    );
  });
});
