// @vitest-environment happy-dom
/** The ADMIN's promo codes: a percentage or a fixed sum in rubles, with a minimum order sum. */
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../api/schema.gen';
import { json } from '../../api/test-helpers';
import { fakeApi } from '../../testing/fake-api';
import { renderApp, signInAs } from '../../testing/render-app';

vi.mock('../shell/update-prompt', () => ({ UpdatePrompt: () => null }));
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

type PromoCode = components['schemas']['PromoCode'];

const WELCOME: PromoCode = {
  id: 1,
  code: 'WELCOME10',
  kind: 'PERCENT',
  discount: 10,
  amount: null,
  minOrderSum: null,
  description: null,
  isActive: true,
  startDate: null,
  endDate: null,
  maxUses: null,
  usesCount: 4,
};

function promoApi(start: PromoCode[] = [WELCOME]) {
  let promoCodes = start;
  const api = fakeApi({
    'GET /api/form-settings/document': [],
    'GET /api/form-settings/assurance': [],
    'GET /api/form-settings/delivery': [],
    'GET /api/form-settings/promocode': () => json(promoCodes),
    'POST /api/form-settings/promocode': async (request: Request) => {
      const body = (await request.json()) as Partial<PromoCode> & { code: string };
      const row: PromoCode = {
        ...WELCOME,
        ...body,
        id: promoCodes.length + 1,
        code: body.code.toUpperCase(),
        discount: body.discount ?? 0,
        usesCount: 0,
      };
      promoCodes = [...promoCodes, row];
      return json(row, 201);
    },
    'PUT /api/form-settings/promocode': async (request: Request) => {
      const body = (await request.json()) as PromoCode;
      const row = { ...WELCOME, ...body, discount: body.discount ?? 0 };
      promoCodes = promoCodes.map((old) => (old.id === row.id ? row : old));
      return json(row);
    },
  });
  return api;
}

const promoRow = (code: string) =>
  screen.getAllByRole('listitem').find((item) => item.getAttribute('data-promo') === code) as HTMLElement;

describe('promo codes in rubles', () => {
  it('adds «500 ₽ from 3 000 ₽» and lists it beside an old percentage code', async () => {
    signInAs('crm', 'ADMIN');
    const api = promoApi();
    renderApp('/crm/form-settings', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Добавить промокод' }));
    const panel = await screen.findByRole('dialog', { name: 'Новый промокод' });
    // A new code starts as a percentage, as every code did.
    expect(within(panel).getByLabelText('Скидка, %')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('radio', { name: /Сумма в рублях/ }));
    expect(within(panel).queryByLabelText('Скидка, %')).toBeNull();
    fireEvent.change(within(panel).getByLabelText('Промокод'), { target: { value: 'first500' } });
    fireEvent.change(within(panel).getByLabelText('Скидка, ₽'), { target: { value: '500' } });
    fireEvent.change(within(panel).getByLabelText('Минимальная сумма заказа, ₽ (необязательно)'), {
      target: { value: '3 000' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Добавить промокод' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Новый промокод' })).toBeNull());
    const sent = api.calls.find((call) => call.method === 'POST')?.body;
    expect(sent).toMatchObject({ code: 'first500', kind: 'AMOUNT', amount: 500, minOrderSum: 3000 });
    expect(sent).not.toHaveProperty('discount');
    await waitFor(() => expect(promoRow('FIRST500')).toBeTruthy());
    expect(promoRow('FIRST500').textContent).toContain('−500\u00a0₽');
    expect(promoRow('FIRST500').textContent).toContain('от 3\u00a0000\u00a0₽');
    expect(promoRow('WELCOME10').textContent).toContain('−10%');
  });

  it('says in Russian beside each field what is wrong, with the summary at the top linking to it', async () => {
    signInAs('crm', 'ADMIN');
    const api = promoApi();
    renderApp('/crm/form-settings', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Добавить промокод' }));
    const panel = await screen.findByRole('dialog', { name: 'Новый промокод' });
    fireEvent.click(within(panel).getByRole('radio', { name: /Сумма в рублях/ }));
    fireEvent.change(within(panel).getByLabelText('Промокод'), { target: { value: 'FIRST500' } });
    fireEvent.change(within(panel).getByLabelText('Минимальная сумма заказа, ₽ (необязательно)'), {
      target: { value: 'три тысячи' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Добавить промокод' }));

    const amount = within(panel).getByLabelText('Скидка, ₽') as HTMLInputElement;
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(within(panel).getByRole('link', { name: 'Введите скидку в рублях' }).getAttribute('href')).toBe(
      `#${amount.id}`,
    );
    const minimum = within(panel).getByLabelText('Минимальная сумма заказа, ₽ (необязательно)');
    expect(minimum.getAttribute('aria-invalid')).toBe('true');
    expect(
      within(panel).getAllByText(/Введите минимальную сумму заказа числом, например 2 140 или 2 140,50/),
    ).not.toHaveLength(0);
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('opens a fixed-sum code with its rubles and minimum, and saves it switched to a percentage', async () => {
    signInAs('crm', 'ADMIN');
    const first500: PromoCode = {
      ...WELCOME,
      id: 2,
      code: 'FIRST500',
      kind: 'AMOUNT',
      discount: 0,
      amount: 500,
      minOrderSum: 3000.5,
    };
    const api = promoApi([WELCOME, first500]);
    renderApp('/crm/form-settings', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить промокод FIRST500' }));
    const panel = await screen.findByRole('dialog', { name: 'Промокод FIRST500' });
    expect((within(panel).getByRole('radio', { name: /Сумма в рублях/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((within(panel).getByLabelText('Скидка, ₽') as HTMLInputElement).value).toBe('500');
    expect(
      (within(panel).getByLabelText('Минимальная сумма заказа, ₽ (необязательно)') as HTMLInputElement).value,
    ).toBe('3000,50');
    fireEvent.click(within(panel).getByRole('radio', { name: /Процент от суммы документов/ }));
    fireEvent.change(within(panel).getByLabelText('Скидка, %'), { target: { value: '7,5' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      id: 2,
      kind: 'PERCENT',
      discount: 7.5,
      amount: null,
      minOrderSum: 3000.5,
    });
    // The save ends saying so (and sets no state after the test is gone).
    expect(await screen.findByText('Изменения сохранены')).toBeTruthy();
  });
});
