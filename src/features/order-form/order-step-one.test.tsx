// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetInitialAnswers, setInitialAnswer } from '../../api/initial-answers';
import { json } from '../../api/test-helpers';
import { testDb } from '../../db/test-db';
import { renderApp, setOnline } from '../../testing/render-app';
import { storedAt } from '../../testing/stored-at';

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
  forgetInitialAnswers();
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
    expect(screen.queryByRole('checkbox', { name: /Нотариальное заверение/ })).toBeNull();
    passport.click();
    expect(await screen.findByRole('checkbox', { name: /Нотариальное заверение/ })).toBeTruthy();
    expect(
      within(screen.getByRole('combobox', { name: 'Язык оригинала' })).getByText('Английский'),
    ).toBeTruthy();
    // Just fetched: its age is not worth a line.
    expect(screen.queryByText(/^Данные от /)).toBeNull();
  });

  it('opens offline with the catalogue seen before and says the data is a saved copy', async () => {
    const db = testDb();
    const first = renderApp('/order/step-1', () => json(catalogue), db);
    await screen.findByRole('checkbox', { name: /Паспорт/ });
    await waitFor(async () => expect(await db.cache.count()).toBe(1));
    const savedAt = await storedAt(db, '/api/order/form-params');
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

  it('asks for a document and the languages before step 2, in a summary and beside each field', async () => {
    const { router } = renderApp('/order/step-1', () => json(catalogue));
    (await screen.findAllByRole('button', { name: 'Далее' }))[0]?.click();
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'Есть ошибки' })).toBeTruthy();
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Выберите хотя бы один документ', 'Выберите язык оригинала', 'Выберите язык перевода']);
    expect(router.state.location.pathname).toBe('/order/step-1');
    // Fixing a field takes its message away at once; the others stay until fixed.
    (await screen.findByRole('checkbox', { name: /Паспорт/ })).click();
    await waitFor(() => expect(within(summary).getAllByRole('link')).toHaveLength(2));
    const original = screen.getByRole('combobox', { name: /Язык оригинала/ });
    expect(original.getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps the choices in the draft: a reload finds the documents, copies and price again', async () => {
    const db = testDb();
    const first = renderApp('/order/step-1', () => json(catalogue), db);
    (await screen.findByRole('checkbox', { name: /Диплом/ })).click();
    (await screen.findByRole('button', { name: 'Больше экземпляров: Диплом' })).click();
    await waitFor(async () =>
      expect((await db.drafts.toArray())[0]?.payload.orderDocuments).toEqual([
        { documentId: 2, quantity: 2, assuranceIds: [] },
      ]),
    );
    first.unmount();
    renderApp('/order/step-1', () => json(catalogue), db);
    expect(((await screen.findByRole('checkbox', { name: /Диплом/ })) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((screen.getByRole('textbox', { name: 'Экземпляров' }) as HTMLInputElement).value).toBe('2');
    expect(plain(screen.getByRole('complementary', { name: 'Стоимость заказа' }).textContent)).toContain(
      'Итого: 3 000 ₽',
    );
  });

  it('shows the catalogue a prerendered page carried while nothing is stored and the network is off, with no age', async () => {
    setInitialAnswer('/api/order/form-params', { value: catalogue });
    setOnline(false);
    renderApp('/order/step-1', () => Promise.reject(new TypeError('Failed to fetch')), testDb());
    const passport = await screen.findByRole('checkbox', { name: /Паспорт/ });
    expect(plain(passport.closest('label')?.textContent ?? null)).toContain('1 200 ₽');
    // Its age is unknown (the page may come from the worker's cache): no «Данные от …» for it.
    expect(screen.queryByText(/^Данные от /)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers urgency with both promised dates, prices it in the summary and keeps it in the draft', async () => {
    // Monday 23 November 2026, noon in Moscow; only Date is faked, timers run as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T12:00:00+03:00'));
    try {
      const db = testDb();
      const withCalendar = {
        ...catalogue,
        documents: [
          { id: 1, type: 'Паспорт', price: 1200, leadDays: 1 },
          { id: 2, type: 'Диплом', price: 1500, leadDays: 4 },
        ],
        schedule: { urgentPercent: 50, notarySaturday: false, daysOff: [], workingDays: [] },
      };
      renderApp('/order/step-1', () => json(withCalendar), db);
      // The choice comes with the documents: its dates depend on them.
      (await screen.findByRole('checkbox', { name: /Диплом/ })).click();
      const urgent = (await screen.findByRole('checkbox', { name: /Срочный перевод/ })) as HTMLInputElement;
      expect(plain(urgent.closest('label')?.textContent ?? null)).toContain('+50 %');
      // Four working days from Monday: Friday; urgent, two: Wednesday.
      await waitFor(() =>
        expect(plain(document.getElementById('urgent-hint')?.textContent ?? null)).toContain(
          'Обычный срок — 27 ноября, пт, срочно — 25 ноября, ср.',
        ),
      );
      const summary = screen.getByRole('complementary', { name: 'Стоимость заказа' });
      await waitFor(() => expect(plain(summary.textContent)).toContain('Срок готовности27 ноября, пт'));
      urgent.click();
      await waitFor(() => expect(plain(summary.textContent)).toContain('Итого: 2 250 ₽'));
      expect(plain(summary.textContent)).toContain('Срочное выполнение +50 %750 ₽');
      expect(plain(summary.textContent)).toContain('Готов срочно25 ноября, ср');
      await waitFor(async () => expect((await db.drafts.toArray())[0]?.payload.urgent).toBe(true));
    } finally {
      vi.useRealTimers();
    }
  });
});
