// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json } from '../../api/test-helpers';
import { fakeApi } from '../../testing/fake-api';
import { renderApp, signInAs } from '../../testing/render-app';
import { aStaffDetail, aStaffOrder, aStaffTracking } from './test-fixtures';

// The card reads the order, its consent and its refund before the button shows: a busy machine needs more than a second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const REFUND = {
  amount: 1000,
  reason: 'Не успеваем к сроку',
  status: 'PENDING',
  createdAt: '2026-11-21T09:00:00.000Z',
  doneAt: null,
  error: null,
};

describe('the refund on the staff card', () => {
  it('asks an ADMIN how much and why, says what is wrong, then cancels with the refund and shows it', async () => {
    signInAs('crm', 'ADMIN');
    let refund: typeof REFUND | null = null;
    const api = fakeApi({
      'GET /api/order/42/consent': { consent: null },
      'GET /api/order/42/messages': { orderId: 42, messages: [], unread: 0 },
      'GET /api/order/42/notes': { notes: [] },
      'GET /api/order/42/tracking': aStaffTracking(),
      'GET /api/order/42': aStaffDetail(aStaffOrder({ status: 'IN_TRANSLATION', amount: 4030 })),
      'GET /api/order/42/refund': () => json({ refund }),
      'POST /api/order/42/refund': () => {
        refund = REFUND;
        return json({ refund, replayed: false });
      },
    });
    renderApp('/crm/orders/42', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Отменить с возвратом денег' }));
    const dialog = await screen.findByRole('dialog', { name: 'Возврат по заказу № 2611-00042' });
    const amount = within(dialog).getByLabelText('Сумма возврата, ₽') as HTMLInputElement;
    expect(amount.value).toBe('4030');
    fireEvent.change(amount, { target: { value: '5000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отменить заказ и вернуть деньги' }));
    expect(
      within(dialog).getByText('Сумма возврата — от 0,01 ₽ до суммы заказа, 4 030 ₽', {
        normalizer: (t) => t.replace(/\s+/g, ' '),
      }),
    ).toBeTruthy();
    expect(within(dialog).getByText('Укажите причину возврата')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '1000' } });
    fireEvent.change(within(dialog).getByLabelText('Причина'), { target: { value: 'Не успеваем к сроку' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отменить заказ и вернуть деньги' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
        amount: 1000,
        reason: 'Не успеваем к сроку',
      }),
    );
    expect(await screen.findByText(/Возврат 1\s000 ₽ — в обработке/)).toBeTruthy();
  });

  it('shows a MANAGER the refund made, without the button', async () => {
    signInAs('crm', 'MANAGER');
    renderApp(
      '/crm/orders/42',
      fakeApi({
        'GET /api/order/42/consent': { consent: null },
        'GET /api/order/42/messages': { orderId: 42, messages: [], unread: 0 },
        'GET /api/order/42/notes': { notes: [] },
        'GET /api/order/42/tracking': aStaffTracking(),
        'GET /api/order/42': aStaffDetail(aStaffOrder({ status: 'CANCELLED' })),
        'GET /api/order/42/refund': { refund: { ...REFUND, status: 'SUCCEEDED' } },
      }),
    );
    expect(await screen.findByText(/Возврат 1\s000 ₽ — выполнен/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Отменить с возвратом денег' })).toBeNull();
  });
});
