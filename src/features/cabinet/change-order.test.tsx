// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../api/test-helpers';
import { fakeApi } from '../../testing/fake-api';
import { renderApp, signInAs } from '../../testing/render-app';
import { anOrder, anOrderDetail } from './test-fixtures';

vi.mock('../shell/update-prompt', () => ({ UpdatePrompt: () => null }));
configure({ asyncUtilTimeout: 5000 });

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

beforeEach(() => signInAs('cabinet', 'USER'));
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const preview = (saved: boolean) => ({
  saved,
  status: 'NEW',
  amountBefore: 2340,
  amount: 4440,
  subtotal: 4200,
  discountAmount: 0,
  urgentAmount: 0,
  deliveryPrice: 240,
  otherPrice: 0,
  promoCode: null,
  promoBelowMinimum: false,
  changes: ['Паспорт, копий: 1 → 2', 'Сумма: 2 340 ₽ → 4 440 ₽'],
});

const TVERSKAYA = [{ id: 1, name: 'Тверская', address: 'Москва, ул. Тверская, 7' }];

function server(
  patch: (body: Record<string, unknown>, request: Request) => Response,
  points: { id: number; name: string; address: string }[] = TVERSKAYA,
) {
  const order = anOrder({
    status: 'NEW',
    statusLabel: 'Новый',
    actions: { ...anOrder().actions, canChange: true },
  });
  return fakeApi({
    'GET /api/user/orders/42': () => json(anOrderDetail(order)),
    'GET /api/user/orders/42/messages': { messages: [], unread: 0 },
    'GET /api/order/form-params': {
      documents: [
        { id: 1, type: 'Паспорт', price: 1200, leadDays: 1 },
        { id: 2, type: 'Диплом', price: 1500, leadDays: 2 },
      ],
      assurances: [{ id: 1, type: 'Нотариальное заверение перевода', price: 900, notaryDays: 1 }],
      deliveries: [
        { id: 2, type: 'Пункт выдачи', code: 'PICKUP_POINT', price: 240, time: '1–3 дня' },
        { id: 3, type: 'Курьер', code: 'COURIER', price: 500, time: '1–2 дня' },
      ],
      languages: [
        { code: 'ru', name: 'Русский' },
        { code: 'en', name: 'Английский' },
        { code: 'de', name: 'Немецкий' },
      ],
      schedule: { urgentPercent: 50 },
    },
    'GET /api/point/active': points,
    'PATCH /api/user/orders/42': async (request: Request) => patch(await request.json(), request),
  });
}

describe('«Изменить заказ» on the cabinet order page', () => {
  it('shows the server’s new price before saving, then saves with an Idempotency-Key', async () => {
    const sent: { body: Record<string, unknown>; key: string | null }[] = [];
    renderApp(
      '/cabinet/orders/42',
      server((body, request) => {
        sent.push({ body, key: request.headers.get('idempotency-key') });
        return json({ preview: preview(!body.dryRun), detail: body.dryRun ? null : anOrderDetail() });
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить заказ' }));
    fireEvent.change(await screen.findByLabelText('Копий'), { target: { value: '2' } });
    expect(screen.queryByRole('button', { name: 'Сохранить изменения' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Рассчитать стоимость' }));
    const shown = await screen.findByTestId('change-new-amount');
    expect(plain(shown.textContent)).toBe('4 440 ₽');
    expect(sent[0]?.body).toMatchObject({
      dryRun: true,
      // The line keeps its language: a change of copies never drops it.
      orderDocuments: [{ documentId: 1, quantity: 2, assuranceIds: [1], targetLanguages: ['en'] }],
      deliveryType: 'PICKUP_POINT',
    });
    expect(screen.getByText('Паспорт, копий: 1 → 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    expect(await screen.findByText((text) => plain(text).includes('Новая сумма: 4 440 ₽'))).toBeTruthy();
    expect(sent[1]?.body.dryRun).toBeUndefined();
    expect(sent[1]?.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('adds a language to a line from the list of the others, never the original’s, and keeps the last one', async () => {
    const sent: Record<string, unknown>[] = [];
    renderApp(
      '/cabinet/orders/42',
      server((body) => {
        sent.push(body);
        return json({ preview: preview(false), detail: null });
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить заказ' }));
    const english = (await screen.findByLabelText('Английский')) as HTMLInputElement;
    expect(english.checked).toBe(true);
    // A line is translated into one language at least: its only one cannot be unticked.
    expect(english.disabled).toBe(true);
    const add = screen.getByLabelText('Добавить язык') as HTMLSelectElement;
    await waitFor(() => expect([...add.options].map((option) => option.value)).toEqual(['', 'de']));
    fireEvent.change(add, { target: { value: 'de' } });
    expect((screen.getByLabelText('Немецкий') as HTMLInputElement).checked).toBe(true);
    expect(english.disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Рассчитать стоимость' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ orderDocuments: [{ documentId: 1, targetLanguages: ['en', 'de'] }] });
  });

  it('lists the order’s own point when it takes no new orders any more, and asks for another before pricing', async () => {
    const sent: Record<string, unknown>[] = [];
    renderApp(
      '/cabinet/orders/42',
      server(
        (body) => {
          sent.push(body);
          return json({ preview: preview(false), detail: null });
        },
        // Тверская (id 1, the order's) has closed; another point took its name.
        [{ id: 7, name: 'Тверская', address: 'Москва, ул. Тверская, 21' }],
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить заказ' }));
    const point = (await screen.findByLabelText('Пункт выдачи')) as HTMLSelectElement;
    await waitFor(() => expect([...point.options].map((option) => option.value)).toEqual(['', '1', '7']));
    expect(point.value).toBe('1');
    expect(point.selectedOptions[0]?.textContent).toBe('Тверская — не принимает новые заказы');
    expect(document.getElementById('change-point-hint')?.textContent).toMatch(/больше не принимает заказы/);
    fireEvent.click(screen.getByRole('button', { name: 'Рассчитать стоимость' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Этот пункт больше не принимает заказы');
    expect(sent).toHaveLength(0);
  });

  it('leaves the order’s own point out of a change, so the order stays there', async () => {
    const sent: Record<string, unknown>[] = [];
    renderApp(
      '/cabinet/orders/42',
      server((body) => {
        sent.push(body);
        return json({ preview: preview(false), detail: null });
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить заказ' }));
    const point = (await screen.findByLabelText('Пункт выдачи')) as HTMLSelectElement;
    await waitFor(() => expect(point.value).toBe('1'));
    fireEvent.change(screen.getByLabelText('Копий'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Рассчитать стоимость' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).not.toHaveProperty('pickupPointId');
    expect(sent[0]).toMatchObject({ deliveryType: 'PICKUP_POINT' });
  });

  it('moves the order to the point chosen, by its id, when two points share a name', async () => {
    const sent: Record<string, unknown>[] = [];
    renderApp(
      '/cabinet/orders/42',
      server(
        (body) => {
          sent.push(body);
          return json({ preview: preview(false), detail: null });
        },
        [...TVERSKAYA, { id: 7, name: 'Тверская', address: 'Москва, ул. Тверская, 21' }],
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить заказ' }));
    const point = (await screen.findByLabelText('Пункт выдачи')) as HTMLSelectElement;
    await waitFor(() => expect([...point.options].map((option) => option.value)).toEqual(['', '1', '7']));
    fireEvent.change(point, { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Рассчитать стоимость' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ deliveryType: 'PICKUP_POINT', pickupPointId: 7 });
  });

  it('says what is wrong beside the field and in the summary, and clears it once fixed', async () => {
    renderApp(
      '/cabinet/orders/42',
      server(() => json({ preview: preview(false), detail: null })),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить заказ' }));
    const copies = await screen.findByLabelText('Копий');
    fireEvent.change(copies, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Рассчитать стоимость' }));
    const summary = await screen.findByRole('alert');
    expect(plain(summary.textContent)).toContain('Укажите число копий от 1 до 100');
    expect(copies.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('change-line-0-quantity-error')?.textContent).toBe(
      'Укажите число копий от 1 до 100',
    );
    fireEvent.change(copies, { target: { value: '3' } });
    await waitFor(() => expect(document.getElementById('change-line-0-quantity-error')).toBeNull());
  });

  it('shows the refusal once work started, with a link to the conversation', async () => {
    renderApp(
      '/cabinet/orders/42',
      server(() =>
        json(
          {
            code: 'CONFLICT',
            message:
              'Бюро уже начало работу над заказом, изменить его нельзя. Напишите бюро в переписке по заказу — мы поможем.',
            details: { currentStatus: 'IN_TRANSLATION' },
          },
          409,
        ),
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить заказ' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Рассчитать стоимость' }));
    expect(plain((await screen.findByRole('alert')).textContent)).toContain(
      'Бюро уже начало работу над заказом',
    );
    expect(
      screen.getByRole('link', { name: 'Написать бюро в переписке по заказу' }).getAttribute('href'),
    ).toBe('#order-messages');
  });

  it('is not offered once the order cannot be changed', async () => {
    const order = anOrder({
      status: 'IN_TRANSLATION',
      statusLabel: 'В работе',
      actions: { ...anOrder().actions, canChange: false },
    });
    renderApp('/cabinet/orders/42', fakeApi({ 'GET /api/user/orders/42': () => json(anOrderDetail(order)) }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ № 2611-00042' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Изменить заказ' })).toBeNull();
  });
});
