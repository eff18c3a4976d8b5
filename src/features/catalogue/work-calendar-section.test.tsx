// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../api/test-helpers';
import { fakeApi } from '../../testing/fake-api';
import { renderApp, signInAs } from '../../testing/render-app';

vi.mock('../shell/update-prompt', () => ({ UpdatePrompt: () => null }));
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('urgency and the calendar in the form settings', () => {
  it('adds a day off and a working Saturday, refuses a holiday beside its field, and saves the whole', async () => {
    signInAs('crm', 'ADMIN');
    let saved: unknown = null;
    const api = fakeApi({
      'GET /api/form-settings/document': [],
      'GET /api/form-settings/assurance': [],
      'GET /api/form-settings/delivery': [],
      'GET /api/form-settings/promocode': [],
      'GET /api/form-settings/work-calendar': () =>
        json(saved ?? { urgentPercent: 50, notarySaturday: false, daysOff: [], workingDays: [] }),
      'PUT /api/form-settings/work-calendar': async (request: Request) => {
        saved = await request.json();
        return json(saved);
      },
    });
    renderApp('/crm/form-settings', api);
    const section = await screen.findByRole('region', { name: 'Срочность и календарь' });
    const percent = (await within(section).findByLabelText('Наценка за срочность, %')) as HTMLInputElement;
    expect(percent.value).toBe('50');
    // The shipped holidays are listed, so nobody enters them twice.
    expect(plain(within(section).getByText('2026:').parentElement?.textContent)).toContain('31 декабря');

    fireEvent.click(within(section).getByRole('button', { name: 'Добавить выходной' }));
    fireEvent.change(within(section).getByLabelText('Выходной'), { target: { value: '2026-11-04' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Сохранить календарь' }));
    expect(
      await within(section).findByText('04.11.2026 и так нерабочий день по производственному календарю', {
        selector: 'a',
      }),
    ).toBeTruthy();

    fireEvent.change(within(section).getByLabelText('Выходной'), { target: { value: '2026-12-30' } });
    fireEvent.change(within(section).getAllByLabelText('Пояснение (необязательно)')[0] as HTMLElement, {
      target: { value: 'Инвентаризация' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Добавить рабочий день' }));
    fireEvent.change(within(section).getByLabelText('Рабочий день'), { target: { value: '2027-11-13' } });
    fireEvent.change(percent, { target: { value: '40' } });
    fireEvent.click(within(section).getByRole('checkbox', { name: 'Нотариус работает по субботам' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Сохранить календарь' }));
    await waitFor(() =>
      expect(saved).toEqual({
        urgentPercent: 40,
        notarySaturday: true,
        daysOff: [{ date: '2026-12-30', note: 'Инвентаризация' }],
        workingDays: [{ date: '2027-11-13', note: '' }],
      }),
    );
    expect(
      await screen.findByText('Календарь сохранён: новые заказы и форма считают сроки по нему'),
    ).toBeTruthy();
  });
});
