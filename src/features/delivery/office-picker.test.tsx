// @vitest-environment happy-dom
// Step 4 with pickup at an office, on the real route: the active offices with address, hours and
// a map link, the first chosen for the customer, another one chosen by hand, and the review's
// «Получение» naming the office chosen.
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { patchDraft } from '../../db/drafts';
import { testDb } from '../../db/test-db';
import { fakeApi } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

vi.mock('../shell/update-prompt', () => ({ UpdatePrompt: () => null }));
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const office = (id: number, name: string, address: string, isActive = true) => ({
  id,
  name,
  address,
  schedule: 'Пн–Пт 9:00–20:00',
  phone: '+7 495 123-45-67',
  email: null,
  lat: 55.76,
  lon: 37.61,
  isActive,
});

const server = fakeApi({
  'GET /api/order/form-params': {
    documents: [{ id: 1, type: 'Паспорт', price: 1200 }],
    assurances: [],
    deliveries: [{ id: 1, type: 'Самовывоз из офиса', code: 'OFFICE', price: 0, time: 'В день готовности' }],
    languages: [
      { code: 'ru', name: 'Русский' },
      { code: 'en', name: 'Английский' },
    ],
  },
  'GET /api/office': [
    office(1, 'Офис на Тверской', 'Москва, ул. Тверская, 12'),
    office(3, 'Офис на ремонте', 'Москва, ул. Закрытая, 1', false),
    office(2, 'Офис у Павелецкой', 'Москва, ул. Зацепский Вал, 5'),
  ],
});

describe('office pickup on step 4', () => {
  it('lists the active offices with their facts, chooses the first, and names the one chosen in the review', async () => {
    const db = testDb();
    const draft = await patchDraft(db, {
      orderDocuments: [{ documentId: 1, quantity: 1, assuranceIds: [] }],
      originalLanguage: 'ru',
      targetLanguage: 'en',
      name: 'Анна Смирнова',
      phoneNumber: '89161234567',
      email: 'anna@example.ru',
      personalDataConsent: true,
      deliveryId: 1,
      deliveryType: 'OFFICE',
    });
    renderApp('/order/step-4', server, db);
    const list = within(await screen.findByRole('list', { name: 'Офисы' }));
    expect(list.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      expect.stringContaining('Офис на Тверской'),
      expect.stringContaining('Офис у Павелецкой'),
    ]);
    expect(list.getAllByText('Часы работы: Пн–Пт 9:00–20:00')).toHaveLength(2);
    expect(list.getAllByRole('link')[0]?.getAttribute('href')).toBe(
      'https://yandex.ru/maps/?pt=37.61,55.76&z=17&l=map',
    );
    await waitFor(() =>
      expect(list.getByRole('radio', { name: /Тверской/ })).toHaveProperty('checked', true),
    );
    await waitFor(async () => expect((await db.drafts.get(draft.id))?.payload.officeId).toBe(1));

    fireEvent.click(list.getByRole('radio', { name: /Павелецкой/ }));
    const review = within(screen.getByRole('region', { name: 'Проверьте заказ' }));
    await waitFor(() =>
      expect(review.getByText(/Офис у Павелецкой/).textContent).toBe(
        'Самовывоз из офиса — бесплатно\nОфис у Павелецкой\nМосква, ул. Зацепский Вал, 5\nЧасы работы: Пн–Пт 9:00–20:00',
      ),
    );
    // The phone as it will be stored, not as typed.
    expect(review.getByText(/anna@example.ru/).textContent).toContain('+7 916 123-45-67');
    await waitFor(async () => expect((await db.drafts.get(draft.id))?.payload.officeId).toBe(2));
  });
});
