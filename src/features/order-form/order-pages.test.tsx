// @vitest-environment happy-dom
// The order form's pages as a visitor meets them: steps out of turn, the itemised summary,
// «Начать заново», the success page and the old order page.
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../api/test-helpers';
import { patchDraft } from '../../db/drafts';
import { testDb } from '../../db/test-db';
import { acceptedNews } from '../../outbox/accepted-orders';
import { renderApp } from '../../testing/render-app';

vi.mock('../shell/update-prompt', () => ({ UpdatePrompt: () => null }));
// A shared two-core machine: the lazily loaded error summary can take more than the default second.
configure({ asyncUtilTimeout: 5000 });

const catalogue = {
  documents: [
    { id: 1, type: 'Паспорт', price: 1200 },
    { id: 2, type: 'Диплом', price: 1500 },
  ],
  assurances: [{ id: 1, type: 'Нотариальное заверение', price: 900 }],
  deliveries: [{ id: 1, type: 'Самовывоз из офиса', code: 'OFFICE', price: 300, time: '1 день' }],
  languages: [
    { code: 'ru', name: 'Русский' },
    { code: 'en', name: 'Английский' },
  ],
};
const stepOne = {
  orderDocuments: [{ documentId: 2, quantity: 3, assuranceIds: [1] }],
  originalLanguage: 'ru',
  targetLanguage: 'en',
};
// The catalogue for every read, and no offices (step 4's office picker asks for them).
const catalogueServer = (request: Request) =>
  json(new URL(request.url).pathname === '/api/office' ? [] : catalogue);
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('order pages', () => {
  it('sends step 3 opened with an empty draft back to step 1', async () => {
    const { router } = renderApp('/order/step-3', () => json(catalogue));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/step-1'));
    expect(await screen.findByRole('progressbar', { name: 'Шаг 1 из 4' })).toBeTruthy();
  });

  it('sends step 4 to step 3 while the contacts are missing, and gives each step its title', async () => {
    const db = testDb();
    await patchDraft(db, stepOne);
    const { router } = renderApp('/order/step-4', () => json(catalogue), db);
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/step-3'));
    await waitFor(() => expect(document.title).toBe('Заказ перевода, шаг 3 из 4 — Бюро переводов'));
  });

  it('itemises the price on step 2: each document × copies, each assurance, the total', async () => {
    const db = testDb();
    await patchDraft(db, { ...stepOne, deliveryId: 1 });
    renderApp('/order/step-2', () => json(catalogue), db);
    const summary = await screen.findByRole('complementary', { name: 'Стоимость заказа' });
    await waitFor(() => expect(plain(summary.textContent)).toContain('Диплом × 3'));
    const rows = within(summary)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${plain(term.nextElementSibling?.textContent)}`);
    expect(rows).toEqual([
      'Диплом × 3: 4 500 ₽',
      'Нотариальное заверение × 3: 2 700 ₽',
      'Самовывоз из офиса: 300 ₽',
      'Итого: 7 500 ₽',
    ]);
  });

  it('«Начать заново» asks once more, then empties every step', async () => {
    const db = testDb();
    await patchDraft(db, stepOne);
    renderApp('/order/step-1', () => json(catalogue), db);
    expect(((await screen.findByRole('checkbox', { name: /Диплом/ })) as HTMLInputElement).checked).toBe(
      true,
    );
    (await screen.findByRole('button', { name: 'Начать заново' })).click();
    (await screen.findByRole('button', { name: 'Да, очистить' })).click();
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: /Диплом/ }) as HTMLInputElement).checked).toBe(false),
    );
    expect(await db.drafts.count()).toBe(0);
  });

  it('shows the number and amount of a sent order, and says so when there is none', async () => {
    const db = testDb();
    await db.outbox.put({
      id: 'e1',
      idempotencyKey: 'k1',
      operation: 'POST /api/order',
      payload: {},
      status: 'sent',
      attempts: 1,
      lastError: null,
      createdAt: 1,
      updatedAt: 1,
      result: { id: 42, number: '2611-00042', amount: 7500 },
    });
    const sent = renderApp('/order/success?entry=e1', () => json(catalogue), db);
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ оформлен' })).toBeTruthy();
    expect(screen.getByText('2611-00042')).toBeTruthy();
    expect(plain(screen.getByText(/7 500/).textContent)).toBe('7 500 ₽');
    sent.unmount();
    renderApp('/order/success', () => json(catalogue), db);
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ не найден' })).toBeTruthy();
    expect(screen.queryByText('Заказ оформлен')).toBeNull();
  });

  it("lists what happens next as the server's receipt says it", async () => {
    const db = testDb();
    const nextSteps = [
      'Менеджер проверит документы и подтвердит стоимость.',
      'Готовый перевод привезёт курьер по адресу: Москва, Тверская, 1.',
    ];
    await db.outbox.put({
      id: 'e5',
      idempotencyKey: 'k5',
      operation: 'POST /api/order',
      payload: {},
      status: 'sent',
      attempts: 0,
      lastError: null,
      createdAt: 1,
      updatedAt: 1,
      result: { id: 44, number: '2611-00044', amount: 1500, nextSteps },
    });
    renderApp('/order/success?entry=e5', () => json(catalogue), db);
    const heading = await screen.findByRole('heading', { level: 2, name: 'Что дальше' });
    const steps = heading.nextElementSibling?.querySelectorAll('li') ?? [];
    expect([...steps].map((step) => step.textContent)).toEqual(nextSteps);
  });

  it('tells a queued order will go when the network returns', async () => {
    const db = testDb();
    await db.outbox.put({
      id: 'e2',
      idempotencyKey: 'k2',
      operation: 'POST /api/order',
      payload: {},
      status: 'pending',
      attempts: 1,
      lastError: null,
      createdAt: 1,
      updatedAt: 1,
    });
    renderApp('/order/success?entry=e2', () => json(catalogue), db);
    expect(await screen.findByText(/Заказ сохранён и будет отправлен, когда появится связь/)).toBeTruthy();
  });

  it('says a promo code typed offline counted, and names the reason when the server refused the order', async () => {
    const db = testDb();
    const entry = {
      idempotencyKey: 'k3',
      operation: 'POST /api/order',
      payload: {},
      attempts: 1,
      createdAt: 1,
      updatedAt: 1,
    };
    await db.outbox.put({
      ...entry,
      id: 'e3',
      status: 'sent',
      updatedAt: Date.now(),
      lastError: null,
      result: { id: 43, number: '2611-00043', amount: 4030, promoCode: 'WELCOME10', discountPercent: 10 },
    });
    await db.outbox.put({
      ...entry,
      id: 'e4',
      idempotencyKey: 'k4',
      status: 'failed',
      lastError: 'Промокод NOSUCH не применён: Такого промокода нет',
    });
    const sent = renderApp('/order/success?entry=e3', () => json(catalogue), db);
    expect(await screen.findByText('Промокод WELCOME10 применён: скидка 10%')).toBeTruthy();
    // Told here, so the shell's «Заказ № … принят» notice does not repeat it on the next order.
    await waitFor(async () => expect((await acceptedNews(db)).map((order) => order.entryId)).toEqual([]));
    sent.unmount();
    renderApp('/order/success?entry=e4', () => json(catalogue), db);
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ не принят' })).toBeTruthy();
    expect(
      screen.getByText(/^Сервер не принял заказ: Промокод NOSUCH не применён: Такого промокода нет\./),
    ).toBeTruthy();
  });

  it('tells a returning customer a chosen price moved since they saw it, and remembers a new choice', async () => {
    const db = testDb();
    const draft = await patchDraft(db, stepOne);
    // They saw the diploma at 1 300 ₽; the catalogue now says 1 500 ₽.
    await db.drafts.update(draft.id, {
      seenPrices: {
        'document:2': { name: 'Диплом', price: 1300 },
        'assurance:1': { name: 'Нотариальное заверение', price: 900 },
      },
    });
    renderApp('/order/step-1', catalogueServer, db);
    const notice = await screen.findByText('Пока вы заполняли форму, бюро изменило каталог:');
    expect(plain(notice.parentElement?.textContent)).toMatch(/Диплом/);
    // A document chosen now is remembered at the price shown, so it raises no notice later.
    fireEvent.click(await screen.findByRole('checkbox', { name: /Паспорт/ }));
    await waitFor(async () =>
      expect((await db.drafts.get(draft.id))?.seenPrices?.['document:1']).toEqual({
        name: 'Паспорт',
        price: 1200,
      }),
    );
  });

  it('shows the server’s refusal of a field beside it on its own step, until it is edited', async () => {
    const db = testDb();
    const draft = await patchDraft(db, {
      ...stepOne,
      name: 'Анна Смирнова',
      phoneNumber: '+7 916 123-45-67',
      email: 'anna@example.ru',
      personalDataConsent: true,
      deliveryId: 1,
      deliveryType: 'OFFICE',
    });
    const phoneProblem = 'Этот номер не обслуживается: укажите другой';
    await db.drafts.update(draft.id, { problems: [{ path: '/body/phoneNumber', message: phoneProblem }] });

    const four = renderApp('/order/step-4', catalogueServer, db);
    const summary = await screen.findByRole('alert', { name: 'Есть ошибки' });
    const link = within(summary).getByRole('link', { name: phoneProblem });
    expect(link.getAttribute('href')).toBe('/order/step-3#phoneNumber');
    four.unmount();

    renderApp('/order/step-3', () => json(catalogue), db);
    await waitFor(() =>
      expect(document.getElementById('phoneNumber-error')?.textContent).toContain(phoneProblem),
    );
    fireEvent.change(screen.getByLabelText('Имя и фамилия'), { target: { value: 'Анна Петрова' } });
    expect(document.getElementById('phoneNumber-error')).not.toBeNull();
    fireEvent.change(screen.getByLabelText('Телефон'), { target: { value: '+7 916 765-43-21' } });
    expect(document.getElementById('phoneNumber-error')).toBeNull();
    await waitFor(async () => expect((await db.drafts.get(draft.id))?.problems).toEqual([]));
  });

  it('/landing-old lists the prices and leads into the form, continuing a draft', async () => {
    const db = testDb();
    const fresh = renderApp('/landing-old', () => json(catalogue), db);
    const prices = await screen.findByRole('region', { name: 'Цены на перевод' });
    expect(plain(prices.textContent)).toContain('Паспорт1 200 ₽');
    expect(screen.getByRole('link', { name: 'Оформить заказ' }).getAttribute('href')).toBe('/order/step-1');
    fresh.unmount();
    await patchDraft(db, stepOne);
    renderApp('/landing-old', () => json(catalogue), db);
    expect(await screen.findByRole('link', { name: 'Продолжить заказ' })).toBeTruthy();
  });
});
