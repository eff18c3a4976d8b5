// @vitest-environment happy-dom
import { cleanup, configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../testing/fake-api';
import { renderApp, signInAs } from '../../testing/render-app';

vi.mock('../shell/update-prompt', () => ({ UpdatePrompt: () => null }));
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const assurance = {
  id: 2,
  type: 'Апостиль',
  price: 2500,
  cost: 1000,
  costWeekday: 1000,
  costSaturday: 1500,
  costSunday: 2000,
  sortOrder: 1,
  isActive: true,
};

describe('the price list', () => {
  it('names every money column a price or a cost, the notary’s by day included, and the days each takes', async () => {
    signInAs('crm', 'ADMIN');
    renderApp(
      '/crm/tariffs',
      fakeApi({
        'GET /api/form-settings/document': [
          { id: 1, type: 'Паспорт', price: 1200, cost: 600, leadDays: 3, sortOrder: 1, isActive: true },
        ],
        'GET /api/form-settings/assurance': [assurance],
        'GET /api/form-settings/delivery': [
          {
            id: 3,
            type: 'Курьер',
            code: 'COURIER',
            price: 600,
            time: '1 день',
            sortOrder: 1,
            isActive: true,
          },
        ],
      }),
    );
    const headers = async (caption: string) =>
      within(await screen.findByRole('table', { name: caption }))
        .getAllByRole('columnheader')
        .map((header) => header.textContent?.replace(/[↑↓↕▲▼]/g, '').trim());
    expect(await headers('Документы')).toEqual([
      'Название',
      'Цена для клиента, ₽',
      'Себестоимость, ₽',
      'Срок, раб. дней',
    ]);
    expect(await headers('Заверения')).toEqual([
      'Название',
      'Цена для клиента, ₽',
      'Себестоимость, ₽',
      'Себестоимость в будни, ₽',
      'Себестоимость в субботу, ₽',
      'Себестоимость в воскресенье, ₽',
      'У нотариуса, дней',
    ]);
    expect(await headers('Способы получения')).toEqual(['Название', 'Цена для клиента, ₽', 'Срок']);
    const row = within(screen.getByRole('table', { name: 'Заверения' })).getByRole('row', {
      name: /Апостиль/,
    });
    expect(row.textContent?.replace(/\s/g, '')).toContain('25001000100015002000');
    const passport = within(screen.getByRole('table', { name: 'Документы' })).getByRole('row', {
      name: /Паспорт/,
    });
    expect(passport.textContent?.replace(/\s/g, '')).toMatch(/600\S*3$/);
  });
});
