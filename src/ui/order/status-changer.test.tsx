// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../api/client';
import { DataLayerContext } from '../../api/data-layer';
import { json } from '../../api/test-helpers';
import { responseCache } from '../../db/cache';
import { testDb } from '../../db/test-db';
import { allowedTransitions, ORDER_STATUS_LABELS, type OrderStatus } from '../../domain/order-status';
import type { Role } from '../../domain/roles';
import { type FakeApi, fakeApi } from '../../testing/fake-api';
import { signInAs } from '../../testing/render-app';
import { aStaffOrder, aStaffOrderDetail } from '../../testing/staff-order-fixtures';
import { NoticesProvider, NoticeToasts } from '../widgets/notices';
import { type StaffOrder, StatusChanger } from './status-changer';

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function renderChanger(
  server: FakeApi,
  order: { id: number; number: string; status: OrderStatus },
  role: Role = 'MANAGER',
) {
  signInAs('crm', role);
  const db = testDb();
  const api = createApi({
    baseUrl: 'http://app.test',
    cache: responseCache(db),
    location: () => ({ pathname: '/crm/home', search: '' }),
    navigate: () => undefined,
    fetch: async (request) => server(request),
  });
  const onChanged = vi.fn<(order: StaffOrder) => void>();
  render(
    <DataLayerContext.Provider value={{ api, db }}>
      <NoticesProvider>
        <StatusChanger order={order} role={role} onChanged={onChanged} />
        <NoticeToasts />
      </NoticesProvider>
    </DataLayerContext.Provider>,
  );
  return { onChanged };
}

const IN_TRANSLATION = { id: 42, number: '2611-00042', status: 'IN_TRANSLATION' as const };

function openDialog(number = '2611-00042') {
  const trigger = screen.getByRole('button', { name: `Изменить статус заказа № ${number}` });
  trigger.focus();
  fireEvent.click(trigger);
  return { trigger, dialog: screen.getByRole('dialog', { name: `Статус заказа № ${number}` }) };
}

const offered = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('radio')
    .map((radio) => radio.closest('label')?.textContent);

describe('the status changer', () => {
  it.each<[Role, OrderStatus]>([
    ['MANAGER', 'IN_TRANSLATION'],
    ['ADMIN', 'NEW'],
    ['MANAGER', 'READY'],
    ['PARTNER', 'IN_DELIVERY'],
  ])('offers a %s exactly the moves the status machine allows from %s', (role, status) => {
    renderChanger(fakeApi({}), { id: 42, number: '2611-00042', status }, role);
    const { dialog } = openDialog();
    expect(offered(dialog)).toEqual(allowedTransitions(status, role).map((to) => ORDER_STATUS_LABELS[to]));
    expect(within(dialog).getByText(`Сейчас: «${ORDER_STATUS_LABELS[status]}».`)).toBeTruthy();
  });

  it('offers nothing where the role may not move the order', () => {
    renderChanger(fakeApi({}), { id: 42, number: '2611-00042', status: 'NEW' }, 'PARTNER');
    expect(screen.queryByRole('button', { name: /Изменить статус/ })).toBeNull();
    cleanup();
    renderChanger(fakeApi({}), { id: 42, number: '2611-00042', status: 'COMPLETED' }, 'ADMIN');
    expect(screen.queryByRole('button', { name: /Изменить статус/ })).toBeNull();
  });

  it('asks for a status before sending and sends nothing meanwhile', async () => {
    const server = fakeApi({});
    renderChanger(server, IN_TRANSLATION);
    const { dialog } = openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Изменить статус' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Выберите новый статус');
    expect(within(dialog).getByRole('group', { name: 'Новый статус' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    fireEvent.click(within(dialog).getByLabelText('Готов'));
    await waitFor(() => expect(screen.queryByText('Есть ошибки')).toBeNull());
    expect(server.calls).toHaveLength(0);
  });

  it('moves the order from the status shown, with the comment, and says so', async () => {
    const moved = aStaffOrder({ status: 'READY' });
    const server = fakeApi({ 'PATCH /api/order/status': moved });
    const { onChanged } = renderChanger(server, IN_TRANSLATION);
    const { trigger, dialog } = openDialog();
    fireEvent.click(within(dialog).getByLabelText('Готов'));
    // The field says plainly who reads the comment, and where notes for the staff go instead.
    const comment = within(dialog).getByLabelText('Комментарий для клиента (необязательно)');
    const hint = document.getElementById(comment.getAttribute('aria-describedby')?.split(' ')[0] ?? '');
    expect(hint?.textContent).toContain('Клиент увидит этот комментарий');
    expect(hint?.textContent).toContain('«Заметках для сотрудников»');
    fireEvent.change(within(dialog).getByLabelText('Комментарий для клиента (необязательно)'), {
      target: { value: '  Перевод проверен  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Изменить статус' }));

    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(moved));
    expect(server.calls).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        path: '/api/order/status',
        body: { id: 42, status: 'READY', expectedStatus: 'IN_TRANSLATION', comment: 'Перевод проверен' },
      }),
    ]);
    expect((await screen.findByRole('status')).textContent).toContain('Заказ № 2611-00042: статус «Готов»');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });

  it('sends one Idempotency-Key per change, so a repeat after a lost answer is the same change', async () => {
    let attempts = 0;
    const keys: (string | null)[] = [];
    const server = fakeApi({
      'PATCH /api/order/status': (request: Request) => {
        keys.push(request.headers.get('Idempotency-Key'));
        attempts += 1;
        return attempts === 1
          ? Promise.reject(new TypeError('Failed to fetch'))
          : json(aStaffOrder({ status: 'READY' }));
      },
    });
    const { onChanged } = renderChanger(server, IN_TRANSLATION);
    const { dialog } = openDialog();
    fireEvent.click(within(dialog).getByLabelText('Готов'));
    const send = within(dialog).getByRole('button', { name: 'Изменить статус' });
    fireEvent.click(send);
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Сервер недоступен');
    fireEvent.click(send);
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('shows the server’s reason for a 409 and reads the order again', async () => {
    const now = aStaffOrder({ status: 'COMPLETED' });
    const reason = 'Статус заказа уже изменился: сейчас «Выполнен». Обновите страницу и повторите.';
    const server = fakeApi({
      'PATCH /api/order/status': () =>
        json({ code: 'STATUS_CHANGED', message: reason, details: { currentStatus: 'COMPLETED' } }, 409),
      'GET /api/order/42': aStaffOrderDetail(now),
    });
    const { onChanged } = renderChanger(server, { id: 42, number: '2611-00042', status: 'READY' });
    const { dialog } = openDialog();
    fireEvent.click(within(dialog).getByLabelText('Выполнен'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Изменить статус' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(reason);
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(now));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByText(/Заказ № 2611-00042: статус/)).toBeNull();
  });
});
