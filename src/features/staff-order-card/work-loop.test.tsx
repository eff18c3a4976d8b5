// @vitest-environment happy-dom
/**
 * The card's work loop: the promised date with its mark, moved with a reason; the assignee; the
 * quote of a document priced by estimate, with the new total shown as it is typed.
 */
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../api/test-helpers';
import { moscowDate } from '../../domain/moscow-time';
import { addDays } from '../../domain/work-calendar';
import { fakeApi } from '../../testing/fake-api';
import { renderApp, signInAs } from '../../testing/render-app';
import { aStaffDetail, aStaffOrder, someCosts } from './test-fixtures';

vi.mock('../shell/update-prompt', () => ({ UpdatePrompt: () => null }));
configure({ asyncUtilTimeout: 5000 });

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const region = (name: string) => screen.getByRole('region', { name });
const STAFF = [
  { id: 3, name: 'Ольга Петрова', email: 'olga@perevod.local', role: 'MANAGER' as const },
  { id: 4, name: 'Иван Сидоров', email: 'ivan@perevod.local', role: 'ADMIN' as const },
];

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('the card’s promised date and assignee', () => {
  it('marks a late order, moves its date with a reason and assigns it', async () => {
    signInAs('crm', 'MANAGER');
    const today = moscowDate(new Date());
    let order = aStaffOrder({
      status: 'IN_TRANSLATION',
      dueDate: addDays(today, -1),
      urgent: true,
      urgentPercent: 50,
    });
    const api = fakeApi({
      'GET /api/order/42/consent': { consent: null },
      'GET /api/order/42': () => json(aStaffDetail(order)),
      'GET /api/order/assignees': STAFF,
      'PATCH /api/order/due-date': async (request: Request) => {
        const body = (await request.json()) as { dueDate: string };
        order = { ...order, dueDate: body.dueDate };
        return json(order);
      },
      'PATCH /api/order/assignee': async (request: Request) => {
        const body = (await request.json()) as { assigneeId: number | null };
        order = { ...order, assignee: STAFF.find((member) => member.id === body.assigneeId) ?? null };
        return json(order);
      },
    });
    renderApp('/crm/orders/42', api);
    const work = await screen.findByRole('region', { name: 'Срок и ответственный' });
    expect(plain(work.textContent)).toContain('просрочен');
    expect(plain(work.textContent)).toContain('Срочный заказ, +50 %');
    expect(plain(work.textContent)).toContain('Ответственныйне назначен');

    fireEvent.click(within(work).getByRole('button', { name: 'Изменить срок' }));
    expect(await within(work).findByText('Напишите, почему меняется срок', { selector: 'a' })).toBeTruthy();
    const later = addDays(today, 2);
    fireEvent.change(within(work).getByLabelText('Перенести срок на'), { target: { value: later } });
    fireEvent.change(within(work).getByLabelText('Причина'), { target: { value: 'Ждём справку' } });
    fireEvent.click(within(work).getByRole('button', { name: 'Изменить срок' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/api/order/due-date')?.body).toEqual({
        id: 42,
        dueDate: later,
        reason: 'Ждём справку',
      }),
    );
    await waitFor(() => expect(plain(region('Срок и ответственный').textContent)).not.toContain('просрочен'));

    const select = await within(region('Срок и ответственный')).findByRole('combobox', {
      name: 'Назначить ответственного',
    });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Ольга Петрова' })).toBeTruthy());
    fireEvent.change(select, { target: { value: '3' } });
    fireEvent.click(within(region('Срок и ответственный')).getByRole('button', { name: 'Назначить' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/api/order/assignee')?.body).toEqual({
        id: 42,
        assigneeId: 3,
      }),
    );
    await waitFor(() =>
      expect(plain(region('Срок и ответственный').textContent)).toContain('ОтветственныйОльга Петрова'),
    );
  });

  it('prices a document by estimate: the new total follows the typed price, then it is sent', async () => {
    signInAs('crm', 'MANAGER');
    const order = aStaffOrder({
      status: 'NEW',
      amount: 3780 + 250,
      documents: [
        ...aStaffOrder().documents,
        {
          id: 2,
          documentId: 11,
          type: 'Другой документ',
          quantity: 2,
          price: 0,
          byEstimate: true,
          targetLanguages: ['en'],
          assurances: [],
        },
      ],
    });
    const costs = someCosts({
      lines: [
        { id: 1, cost: 600, assurances: [{ assuranceId: 1, cost: 500 }] },
        { id: 2, cost: 0, assurances: [] },
      ],
    });
    const api = fakeApi({
      'GET /api/order/42/consent': { consent: null },
      'GET /api/order/42': () => json(aStaffDetail(order, { costs })),
      'GET /api/order/assignees': STAFF,
      'PATCH /api/order/quote': () => json({ ...order, amount: 6730 }),
    });
    renderApp('/crm/orders/42', api);
    const quote = await screen.findByRole('region', { name: 'Расчёт стоимости' });
    expect(plain(quote.textContent)).toContain('Введите цены — сумма заказа пересчитается.');
    fireEvent.click(within(quote).getByRole('button', { name: 'Сохранить расчёт' }));
    expect(await within(quote).findByText('Введите цену за экземпляр', { selector: 'a' })).toBeTruthy();
    fireEvent.change(within(quote).getByLabelText('Цена за экземпляр, ₽'), { target: { value: '1500' } });
    // Passport ×2 with the notary 4 200 + 1 500 × 2 = 7 200, less 10 % = 6 480, + delivery 250.
    await waitFor(() =>
      expect(plain(quote.textContent)).toContain('Сумма заказа станет 6 730 ₽, скидка 720 ₽.'),
    );
    fireEvent.change(within(quote).getByLabelText('Себестоимость за экземпляр, ₽'), {
      target: { value: '700' },
    });
    fireEvent.click(within(quote).getByRole('button', { name: 'Сохранить расчёт' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/api/order/quote')?.body).toEqual({
        orderId: 42,
        lines: [{ id: 2, price: 1500, cost: 700 }],
      }),
    );
    expect(
      await screen.findByText(/Стоимость рассчитана: 6\s730 ₽. Переведите заказ в «Ожидает оплаты»/),
    ).toBeTruthy();
  });

  it('shows a sent quote without its form, and how to revise it', async () => {
    signInAs('crm', 'ADMIN');
    const order = aStaffOrder({
      status: 'AWAITING_PAYMENT',
      documents: [
        {
          id: 2,
          documentId: 11,
          type: 'Другой документ',
          quantity: 1,
          price: 1500,
          byEstimate: true,
          targetLanguages: ['en'],
          assurances: [],
        },
      ],
    });
    renderApp(
      '/crm/orders/42',
      fakeApi({
        'GET /api/order/42/consent': { consent: null },
        'GET /api/order/42': aStaffDetail(order),
        'GET /api/order/assignees': STAFF,
      }),
    );
    const quote = await screen.findByRole('region', { name: 'Расчёт стоимости' });
    expect(plain(quote.textContent)).toContain('Другой документ × 1: 1 500 ₽ за экземпляр');
    expect(plain(quote.textContent)).toContain('верните заказ в статус «Новый»');
    expect(within(quote).queryByRole('button')).toBeNull();
  });
});
