// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../api/test-helpers';
import { fakeApi } from '../../testing/fake-api';
import { renderApp, signInAs } from '../../testing/render-app';
import type { DocumentType } from './kinds';

vi.mock('../shell/update-prompt', () => ({ UpdatePrompt: () => null }));
const notify = vi.hoisted(() => vi.fn());
vi.mock('../../ui/widgets/notices', async (original) => ({
  ...(await original<typeof import('../../ui/widgets/notices')>()),
  useNotices: () => ({ notify, dismiss: vi.fn() }),
}));
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
  notify.mockReset();
});

const TAKEN = 'Документ «Паспорт» уже есть';

/** A promo code as the server answers it: 10 %, no dates, no limit. */
const promoOf = (row: { id: number; code: string }) => ({
  ...row,
  kind: 'PERCENT' as const,
  discount: 10,
  amount: null,
  minOrderSum: null,
  description: null,
  isActive: true,
  startDate: null,
  endDate: null,
  maxUses: null,
  usesCount: 0,
});

/** The catalogue as the server keeps it: a second «Паспорт» is refused as the server refuses it. */
function catalogueApi() {
  let documents: DocumentType[] = [
    { id: 1, type: 'Паспорт', price: 1200, cost: 600, leadDays: 2, sortOrder: 1, isActive: true },
  ];
  let promoCodes: { id: number; code: string }[] = [];
  const api = fakeApi({
    'GET /api/form-settings/document': () => json(documents),
    'GET /api/form-settings/assurance': [],
    'GET /api/form-settings/delivery': [],
    'GET /api/form-settings/promocode': () => json(promoCodes.map(promoOf)),
    'POST /api/form-settings/document': async (request: Request) => {
      const body = (await request.json()) as { type: string; price: number; cost: number };
      if (documents.some((row) => row.type.toLowerCase() === body.type.trim().toLowerCase()))
        return json(
          { code: 'CONFLICT', message: TAKEN, details: [{ path: '/body/type', message: TAKEN }] },
          409,
        );
      const row = {
        id: documents.length + 1,
        sortOrder: documents.length + 1,
        isActive: true,
        leadDays: 2,
        ...body,
      };
      documents = [...documents, row];
      return json(row, 201);
    },
    'POST /api/form-settings/promocode': async (request: Request) => {
      const { code } = (await request.json()) as { code: string };
      const row = { id: promoCodes.length + 1, code: code.toUpperCase() };
      promoCodes = [...promoCodes, row];
      return json(promoOf(row), 201);
    },
  });
  return api;
}

const dialogGone = (name: string) => waitFor(() => expect(screen.queryByRole('dialog', { name })).toBeNull());

describe('adding to the form settings', () => {
  it('closes the add panel after a document is added, and the next add starts empty', async () => {
    signInAs('crm', 'ADMIN');
    renderApp('/crm/form-settings', catalogueApi());
    fireEvent.click(await screen.findByRole('button', { name: 'Добавить документ' }));
    const panel = await screen.findByRole('dialog', { name: 'Добавить документ' });
    fireEvent.change(within(panel).getByLabelText('Название'), { target: { value: 'Военный билет' } });
    fireEvent.change(within(panel).getByLabelText('Цена для клиента, ₽'), { target: { value: '1750' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Добавить документ' }));

    await dialogGone('Добавить документ');
    expect(notify).toHaveBeenCalledWith(
      'Добавлено: Военный билет. В форме заказа — в конце списка.',
      'success',
    );
    expect(
      await within(screen.getByRole('list', { name: 'Документы: порядок в форме заказа' })).findAllByText(
        'Военный билет',
      ),
    ).not.toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Добавить документ' }));
    const again = await screen.findByRole('dialog', { name: 'Добавить документ' });
    expect((within(again).getByLabelText('Название') as HTMLInputElement).value).toBe('');
    expect((within(again).getByLabelText('Цена для клиента, ₽') as HTMLInputElement).value).toBe('');
  });

  it('says beside the name that the document is there already, and keeps the panel and what was typed', async () => {
    signInAs('crm', 'ADMIN');
    renderApp('/crm/form-settings', catalogueApi());
    fireEvent.click(await screen.findByRole('button', { name: 'Добавить документ' }));
    const panel = await screen.findByRole('dialog', { name: 'Добавить документ' });
    const name = within(panel).getByLabelText('Название') as HTMLInputElement;
    fireEvent.change(name, { target: { value: ' паспорт ' } });
    fireEvent.change(within(panel).getByLabelText('Цена для клиента, ₽'), { target: { value: '900' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Добавить документ' }));

    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    const note = document.getElementById(name.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '');
    expect(note?.textContent).toContain(TAKEN);
    // The summary at the top links to the field.
    expect(within(panel).getByRole('link', { name: TAKEN }).getAttribute('href')).toBe(`#${name.id}`);
    expect(name.value).toBe(' паспорт ');
    expect(notify).not.toHaveBeenCalled();
  });

  it('closes the promo code panel after a code is added, and the next add starts empty', async () => {
    signInAs('crm', 'ADMIN');
    renderApp('/crm/form-settings', catalogueApi());
    fireEvent.click(await screen.findByRole('button', { name: 'Добавить промокод' }));
    const panel = await screen.findByRole('dialog', { name: 'Новый промокод' });
    fireEvent.change(within(panel).getByLabelText('Промокод'), { target: { value: 'spring10' } });
    fireEvent.change(within(panel).getByLabelText('Скидка, %'), { target: { value: '10' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Добавить промокод' }));

    await dialogGone('Новый промокод');
    expect(notify).toHaveBeenCalledWith('Промокод SPRING10 добавлен', 'success');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить промокод' }));
    const again = await screen.findByRole('dialog', { name: 'Новый промокод' });
    expect((within(again).getByLabelText('Промокод') as HTMLInputElement).value).toBe('');
  });
});
