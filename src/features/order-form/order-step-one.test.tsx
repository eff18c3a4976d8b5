// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../api/test-helpers';
import { testDb } from '../../db/test-db';
import { renderApp, setOnline } from '../../testing/render-app';

vi.mock('../shell/update-prompt', () => ({ UpdatePrompt: () => null }));

const catalogue = {
  documents: [
    { id: 1, type: 'Паспорт', price: 1200 },
    { id: 2, type: 'Диплом', price: 1500 },
  ],
  assurances: [{ id: 1, type: 'Нотариальное заверение перевода', price: 900 }],
  deliveries: [],
  languages: [
    { code: 'ru', name: 'Русский' },
    { code: 'en', name: 'Английский' },
  ],
};
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('order form, step 1', () => {
  it('shows the progress, the title and the catalogue with prices in rubles', async () => {
    renderApp('/order/step-1', () => json(catalogue));
    const progress = await screen.findByRole('progressbar', { name: 'Шаг 1 из 4' });
    expect(progress.getAttribute('aria-valuenow')).toBe('1');
    expect(progress.getAttribute('aria-valuemax')).toBe('4');
    expect(screen.getByRole('heading', { level: 1, name: 'Заказ перевода' })).toBeTruthy();
    const passport = await screen.findByRole('checkbox', { name: /Паспорт/ });
    expect(plain(passport.closest('label')?.textContent ?? null)).toContain('1 200 ₽');
    expect(screen.getByRole('checkbox', { name: /Нотариальное заверение/ })).toBeTruthy();
    expect(
      within(screen.getByRole('combobox', { name: 'С какого языка' })).getByText('Английский'),
    ).toBeTruthy();
    expect(screen.getByText(/^Данные от /)).toBeTruthy();
  });

  it('opens offline with the catalogue seen before and says the data is a saved copy', async () => {
    const db = testDb();
    const first = renderApp('/order/step-1', () => json(catalogue), db);
    await screen.findByRole('checkbox', { name: /Паспорт/ });
    await waitFor(async () => expect(await db.cache.count()).toBe(1));
    const savedAt = plain(screen.getByText(/^Данные от /).textContent);
    first.unmount();

    setOnline(false);
    renderApp('/order/step-1', () => Promise.reject(new TypeError('Failed to fetch')), db);
    expect(await screen.findByRole('checkbox', { name: /Диплом/ })).toBeTruthy();
    expect(await screen.findByText(/Нет сети — показаны сохранённые данные/)).toBeTruthy();
    expect(plain(screen.getByText(/^Данные от /).textContent)).toBe(savedAt);
    expect(screen.getByRole('status', { name: '' }).textContent).toContain('Нет подключения к интернету');
  });

  it('offers a retry when the catalogue cannot be loaded and nothing is stored', async () => {
    renderApp('/order/step-1', () => json({ code: 'INTERNAL_ERROR', message: 'Внутренняя ошибка' }, 500));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Внутренняя ошибка');
    expect(within(alert).getByRole('button', { name: 'Повторить' })).toBeTruthy();
  });

  it('asks for a document before going on to step 2', async () => {
    const { router } = renderApp('/order/step-1', () => json(catalogue));
    (await screen.findByRole('button', { name: 'Далее' })).click();
    expect((await screen.findByRole('alert')).textContent).toBe('Выберите хотя бы один документ');
    expect(router.state.location.pathname).toBe('/order/step-1');
  });
});
