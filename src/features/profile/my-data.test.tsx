// @vitest-environment happy-dom
/** «Ваши данные» in the cabinet's profile: the archive's download and the account's deletion. */
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../api/test-helpers';
import { SESSION_KEYS } from '../../api/tokens';
import { renderApp, setOnline, signInAs } from '../../testing/render-app';

configure({ asyncUtilTimeout: 5000 });

const profile = {
  id: 2,
  email: 'anna@example.ru',
  phoneNumber: '+7 916 123-45-67',
  telegramId: null,
  firstName: 'Анна',
  lastName: 'Смирнова',
  username: null,
  photoUrl: null,
  role: 'USER',
  partnerId: null,
  organization: null,
  hasPassword: false,
  fromOrders: null,
};

const erasure = {
  erasedAt: '2026-11-21T10:15:00.000Z',
  requestedBy: 'CUSTOMER',
  actorEmail: null,
  note: null,
  orders: 3,
  scans: 5,
  filesRemovedAt: '2026-11-21T10:15:01.000Z',
};

type Route = (request: Request) => Response | Promise<Response> | undefined;

function server(route: Route) {
  const requests: Request[] = [];
  const answer = async (request: Request) => {
    requests.push(request.clone());
    const routed = await route(request);
    if (routed) return routed;
    const path = new URL(request.url).pathname;
    if (path === '/api/profile') return json({ profile });
    if (path === '/api/user/consents') return json({ items: [] });
    return json({});
  };
  return { answer, requests };
}

let saved: { name: string; size: number }[] = [];

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  signInAs('cabinet', 'USER');
  saved = [];
  let blob: Blob | undefined;
  URL.createObjectURL = vi.fn((value: Blob) => {
    blob = value;
    return 'blob:archive';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, size: blob?.size ?? 0 });
  });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

const section = async () => within(await screen.findByRole('region', { name: 'Ваши данные' }));

describe('the customer’s data in the profile', () => {
  it('downloads the archive under the name the server gave it', async () => {
    const { answer, requests } = server((request) =>
      new URL(request.url).pathname === '/api/user/me/export'
        ? new Response(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]), {
            headers: {
              'content-type': 'application/zip',
              'content-disposition': `attachment; filename="__ ____ 2026-11-21.zip"; filename*=UTF-8''${encodeURIComponent('Мои данные 2026-11-21.zip')}`,
            },
          })
        : undefined,
    );
    renderApp('/cabinet/profile', answer);
    fireEvent.click((await section()).getByRole('button', { name: 'Скачать мои данные' }));
    expect(await screen.findByText('Архив «Мои данные 2026-11-21.zip» скачан')).toBeTruthy();
    expect(saved).toEqual([{ name: 'Мои данные 2026-11-21.zip', size: 6 }]);
    const call = requests.find((r) => r.url.endsWith('/api/user/me/export'));
    expect(call?.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('says in Russian when the hour’s exports are used up', async () => {
    const { answer } = server((request) =>
      new URL(request.url).pathname === '/api/user/me/export'
        ? json(
            {
              code: 'RATE_LIMITED',
              message:
                'Выгрузку данных можно скачать не больше 5 раз в час: она собирает все файлы заново. Повторите через 40 мин.',
              details: { retryAfter: 2400 },
            },
            429,
            { 'retry-after': '2400' },
          )
        : undefined,
    );
    renderApp('/cabinet/profile', answer);
    fireEvent.click((await section()).getByRole('button', { name: 'Скачать мои данные' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Повторите через 40 мин.');
    expect(saved).toEqual([]);
  });

  it('deletes the account only after the word is typed, then signs out here and says it is done', async () => {
    const { answer, requests } = server((request) =>
      new URL(request.url).pathname === '/api/user/me/erase' ? json(erasure) : undefined,
    );
    const { router, store } = renderApp('/cabinet/profile', answer);
    fireEvent.click((await section()).getByRole('button', { name: 'Удалить аккаунт' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Удалить аккаунт?' }));
    expect(dialog.getByText(/Загруженные сканы документов/)).toBeTruthy();
    expect(dialog.getByText(/Номера, даты и суммы заказов/)).toBeTruthy();

    fireEvent.change(dialog.getByLabelText('Чтобы подтвердить, введите слово УДАЛИТЬ'), {
      target: { value: 'удал' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Удалить аккаунт навсегда' }));
    expect(await dialog.findByText('Есть ошибки')).toBeTruthy();
    expect(dialog.getAllByText('Введите слово УДАЛИТЬ, чтобы подтвердить удаление')).toHaveLength(2);
    expect(requests.some((r) => r.url.endsWith('/api/user/me/erase'))).toBe(false);

    fireEvent.change(dialog.getByLabelText('Чтобы подтвердить, введите слово УДАЛИТЬ'), {
      target: { value: ' Удалить ' },
    });
    expect(dialog.queryByText('Введите слово УДАЛИТЬ, чтобы подтвердить удаление')).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Удалить аккаунт навсегда' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account-deleted'));
    expect(await screen.findByRole('heading', { name: 'Аккаунт удалён' })).toBeTruthy();
    const sent = requests.find((r) => r.url.endsWith('/api/user/me/erase'));
    expect(await sent?.json()).toEqual({ confirm: true });
    expect(store.getItem(SESSION_KEYS.cabinet.token)).toBeNull();
  });

  it('names the orders in progress, with links, when the server refuses', async () => {
    const { answer } = server((request) =>
      new URL(request.url).pathname === '/api/user/me/erase'
        ? json(
            {
              code: 'ORDERS_IN_PROGRESS',
              message: 'Сначала завершите или отмените заказы: № 2611-00042 (Новый), № 2611-00043 (Оплачен).',
              details: {
                orders: [
                  { id: 42, number: '2611-00042', status: 'NEW', statusLabel: 'Новый', canCancel: true },
                  { id: 43, number: '2611-00043', status: 'PAID', statusLabel: 'Оплачен', canCancel: false },
                ],
              },
            },
            409,
          )
        : undefined,
    );
    const { router } = renderApp('/cabinet/profile', answer);
    fireEvent.click((await section()).getByRole('button', { name: 'Удалить аккаунт' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('Чтобы подтвердить, введите слово УДАЛИТЬ'), {
      target: { value: 'УДАЛИТЬ' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Удалить аккаунт навсегда' }));
    const refusal = within(await dialog.findByRole('alert'));
    expect(refusal.getByText(/Сначала завершите или отмените заказы/)).toBeTruthy();
    expect(refusal.getByRole('link', { name: 'Заказ № 2611-00042' }).getAttribute('href')).toBe(
      '/cabinet/orders/42',
    );
    expect(refusal.getByRole('link', { name: 'Заказ № 2611-00043' }).parentElement?.textContent).toBe(
      'Заказ № 2611-00043 — Оплачен',
    );
    expect(refusal.getByRole('link', { name: 'Заказ № 2611-00042' }).parentElement?.textContent).toBe(
      'Заказ № 2611-00042 — Новый: можно отменить',
    );
    expect(router.state.location.pathname).toBe('/cabinet/profile');
  });

  it('offers neither while offline, and says why', async () => {
    const { answer } = server(() => undefined);
    renderApp('/cabinet/profile', answer);
    const data = await section();
    setOnline(false);
    await waitFor(() =>
      expect((data.getByRole('button', { name: 'Скачать мои данные' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
    expect((data.getByRole('button', { name: 'Удалить аккаунт' }) as HTMLButtonElement).disabled).toBe(true);
    expect(data.getByText(/Нет сети/)).toBeTruthy();
  });
});
