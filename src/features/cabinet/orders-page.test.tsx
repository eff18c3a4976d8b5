// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../api/test-helpers';
import { testDb } from '../../db/test-db';
import { fakeApi } from '../../testing/fake-api';
import { renderApp, setOnline, signInAs } from '../../testing/render-app';
import { storedAt } from '../../testing/stored-at';
import { anOrder, anOrderPage, anOrganization } from './test-fixtures';

vi.mock('../shell/update-prompt', () => ({ UpdatePrompt: () => null }));
// A shared two-core machine: a screen's second round trip can take longer than the default second.
configure({ asyncUtilTimeout: 5000 });

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

beforeEach(() => signInAs('cabinet', 'USER'));
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

const orders = [
  anOrder({
    id: 43,
    number: '2611-00043',
    status: 'AT_PICKUP_POINT',
    amount: 1500.5,
    createdAt: '2026-11-21T09:00:00.000Z',
    nextStep: {
      kind: 'PICK_UP',
      title: 'Заберите заказ',
      description: 'Заказ ждёт вас в пункте выдачи «Тверская»: Москва, ул. Тверская, д. 7, м. Охотный Ряд.',
      place: null,
    },
  }),
  anOrder({ status: 'IN_TRANSLATION', id: 41, number: '2611-00041', nextStep: null }),
  anOrder(),
];

function server() {
  return fakeApi({
    'GET /api/user/orders': anOrderPage(orders),
    'GET /api/user/organization': { organization: anOrganization() },
  });
}

describe('cabinet orders list', () => {
  it('shows each order with its number, status, amount, date and the next step', async () => {
    renderApp('/cabinet/orders', server());
    const rows = within(await screen.findByRole('list', { name: 'Заказы' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    const first = plain(rows[0]?.textContent);
    expect(first).toContain('Заказ № 2611-00043');
    expect(first).toContain('Ожидает в пункте выдачи');
    expect(first).toContain('1 500,50 ₽');
    expect(first).toContain('21 нояб. 2026');
    expect(first).toContain(
      'Что сделать: Заберите заказ. Заказ ждёт вас в пункте выдачи «Тверская»: Москва, ул. Тверская, д. 7, м. Охотный Ряд.',
    );
    expect(first).toContain('Паспорт × 1');
    expect(plain(rows[1]?.textContent)).toContain('Ничего делать не нужно: перевод в работе');
    expect(plain(rows[1]?.textContent)).not.toContain('Что сделать');
    const third = plain(rows[2]?.textContent);
    expect(third).toContain('Ожидает оплаты');
    expect(third).toContain('Что сделать: Оплатите заказ. К оплате 2 140 ₽ картой онлайн.');
    expect(
      within(rows[2] as HTMLElement)
        .getByRole('link', { name: 'Заказ № 2611-00042' })
        .getAttribute('href'),
    ).toBe('/cabinet/orders/42');
    // Just fetched: its age is not worth a line.
    expect(screen.queryByText(/^Данные от /)).toBeNull();
  });

  it('asks the server for the status chosen and keeps it in the address', async () => {
    const api = server();
    const { router } = renderApp('/cabinet/orders', api);
    await screen.findByRole('list', { name: 'Заказы' });
    fireEvent.change(screen.getByLabelText('Статус'), { target: { value: 'COMPLETED' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'COMPLETED' }));
    await waitFor(() =>
      expect(
        api.calls.some((call) => call.path === '/api/user/orders' && call.query.includes('status=COMPLETED')),
      ).toBe(true),
    );
    fireEvent.change(await screen.findByLabelText('Плательщик'), { target: { value: '1' } });
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ status: 'COMPLETED', organizationId: 1 }),
    );
    await waitFor(() => expect(api.calls.some((call) => call.query.includes('organizationId=1'))).toBe(true));
  });

  it('offers to place an order when there are none', async () => {
    renderApp(
      '/cabinet/orders',
      fakeApi({
        'GET /api/user/orders': anOrderPage([]),
        'GET /api/user/organization': { organization: null },
      }),
    );
    expect(await screen.findByText('У вас пока нет заказов.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Оформить заказ' }).getAttribute('href')).toBe('/order/step-1');
    expect(screen.queryByLabelText('Плательщик')).toBeNull();
  });

  it('opens offline from the stored copy with its age', async () => {
    const db = testDb();
    const first = renderApp('/cabinet/orders', server(), db);
    await screen.findByRole('list', { name: 'Заказы' });
    await waitFor(async () =>
      expect(
        await db.cache.where('operation').anyOf('/api/user/orders', '/api/user/organization').count(),
      ).toBe(2),
    );
    const savedAt = await storedAt(db, '/api/user/orders');
    first.unmount();

    setOnline(false);
    renderApp('/cabinet/orders', () => Promise.reject(new TypeError('Failed to fetch')), db);
    expect(await screen.findByRole('link', { name: 'Заказ № 2611-00043' })).toBeTruthy();
    expect(await screen.findByText(/Нет сети — показаны сохранённые данные/)).toBeTruthy();
    expect(plain(screen.getByText(/^Данные от /).textContent)).toBe(savedAt);
  });

  it('shows the server’s refusal with a way to retry when there is no stored copy', async () => {
    renderApp(
      '/cabinet/orders',
      fakeApi({
        'GET /api/user/orders': () =>
          json({ code: 'NOT_IMPLEMENTED', message: 'Операция ещё не реализована' }, 501),
      }),
    );
    expect(plain((await screen.findByRole('alert')).textContent)).toContain(
      'Не удалось загрузить заказы. Операция ещё не реализована',
    );
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
  });
});
