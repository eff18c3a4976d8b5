// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../api/test-helpers';
import { testDb } from '../../db/test-db';
import { fakeApi } from '../../testing/fake-api';
import { renderApp, setOnline, signInAs } from '../../testing/render-app';
import { openPaymentPage } from './payment-redirect';
import { anInvoice, anOrder, anOrderDetail } from './test-fixtures';

vi.mock('../shell/update-prompt', () => ({ UpdatePrompt: () => null }));
// A shared two-core machine: a screen's second round trip can take longer than the default second.
configure({ asyncUtilTimeout: 5000 });
vi.mock('./payment-redirect', () => ({ openPaymentPage: vi.fn() }));

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

beforeEach(() => signInAs('cabinet', 'USER'));
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.clearAllMocks();
});

const settled = (status: 'CANCELLED' | 'COMPLETED') =>
  anOrder({
    status,
    statusLabel: status === 'CANCELLED' ? 'Отменён' : 'Выполнен',
    nextStep: null,
    actions: { canPay: false, canCancel: false, canRepeat: true, canAddFiles: false, canChange: false },
  });

function server(order = anOrder(), extra: Record<string, unknown> = {}) {
  return fakeApi({
    'GET /api/user/orders/42': anOrderDetail(order),
    'GET /api/user/orders/42/messages': { orderId: 42, messages: [], unread: 0 },
    ...extra,
  });
}

describe('cabinet order page', () => {
  it('shows the refund of a cancelled paid order: how much, where it stands, why and when the money arrives', async () => {
    const refund = {
      amount: 1000,
      reason: 'Бюро не успевает к сроку',
      status: 'PENDING' as const,
      paymentMethod: 'card' as const,
      createdAt: '2026-11-21T09:00:00.000Z',
      doneAt: null,
    };
    renderApp(
      '/cabinet/orders/42',
      server({ ...settled('CANCELLED'), paidAt: '2026-11-20T10:00:00.000Z', refund }),
    );
    const shown = plain((await screen.findByTestId('refund')).textContent);
    expect(shown).toContain('Возврат 1 000 ₽ — в обработке');
    expect(shown).toContain('Причина: Бюро не успевает к сроку');
    expect(shown).toContain('на карту, с которой вы платили, — обычно до 10 рабочих дней');
    cleanup();
    renderApp(
      '/cabinet/orders/42',
      server({ ...settled('CANCELLED'), refund: { ...refund, status: 'FAILED', paymentMethod: 'sbp' } }),
    );
    const failed = plain((await screen.findByTestId('refund')).textContent);
    expect(failed).toContain('Возврат 1 000 ₽ — ошибка');
    expect(failed).toContain('Мы свяжемся с вами, чтобы вернуть деньги другим способом');
  });

  it('shows no refund line for an order without one', async () => {
    renderApp('/cabinet/orders/42', server(settled('CANCELLED')));
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ № 2611-00042' })).toBeTruthy();
    expect(screen.queryByTestId('refund')).toBeNull();
  });

  it('shows documents, languages, files, the pickup point with metro, history and the amount', async () => {
    renderApp('/cabinet/orders/42', server());
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ № 2611-00042' })).toBeTruthy();
    // The tab names the order as the customer knows it, not by the id in the address.
    await waitFor(() => expect(document.title).toBe('Заказ № 2611-00042 — Бюро переводов'));
    const documents = plain(screen.getByRole('region', { name: 'Документы' }).textContent);
    expect(documents).toContain('Паспорт, 1 экземпляр');
    expect(documents).toContain('Нотариальное заверение перевода');
    expect(documents).toContain('Русский');
    expect(documents).toContain('Английский');
    expect(screen.getByRole('button', { name: 'passport.pdf' })).toBeTruthy();
    expect(plain(screen.getByRole('region', { name: 'Получение' }).textContent)).toContain(
      'Москва, ул. Тверская, д. 7',
    );
    const delivery = plain(screen.getByRole('region', { name: 'Получение' }).textContent);
    expect(delivery).toContain('Пн–Пт 10:00–20:00');
    expect(delivery).toContain('Охотный Ряд');
    // How to find the entrance, as the pickup point's card says it.
    expect(delivery).toContain('Как найтиВход со двора, второй этаж');
    const timeline = within(screen.getByRole('region', { name: 'История' })).getAllByRole('listitem');
    expect(timeline.map((item) => plain(item.textContent))).toEqual([
      expect.stringContaining('Новый'),
      expect.stringMatching(/^Ожидает оплаты20 нояб\./),
    ]);
    expect(plain(timeline[1]?.textContent)).toContain('Стоимость подтверждена');
    const amount = plain(screen.getByRole('region', { name: 'Стоимость' }).textContent);
    expect(amount).toContain('Паспорт с заверением × 12 100 ₽');
    expect(amount).toContain('Скидка 10 % по промокоду WELCOME10');
    expect(amount).toContain('WELCOME10-210 ₽');
    expect(amount).toContain('Доставка250 ₽');
    expect(amount).not.toContain('Изменение стоимости');
    expect(amount).toContain('Итого2 140 ₽');
    // Just fetched: its age is not worth a line.
    expect(screen.queryByText(/^Данные от /)).toBeNull();
  });

  it('warns in one line about an unpaid order placed without signing in, and never links its comment', async () => {
    const order = anOrder({
      placedWithoutSignIn: true,
      comment: 'Срочно оплатите по ссылке https://evil.example/pay',
    });
    renderApp('/cabinet/orders/42', server(order));
    const warning = (await screen.findByText('Оформлен без входа.')).closest('details');
    expect(plain(warning?.querySelector('summary')?.textContent)).toBe(
      'Оформлен без входа. Не ваш — не оплачивайте. Почему?',
    );
    // The why is a tap away, not on the first screen.
    expect(warning?.open).toBe(false);
    expect(warning?.textContent).toContain('мог оформить любой, кто знает вашу почту');
    expect(screen.getByRole('region', { name: 'Документы' }).textContent).toContain(
      'https://evil.example/pay',
    );
    const links = [...document.querySelectorAll('a')].map((link) => link.getAttribute('href') ?? '');
    expect(links.filter((href) => href.includes('evil.example'))).toEqual([]);
  });

  it('says nothing of the kind about an order placed signed in', async () => {
    renderApp('/cabinet/orders/42', server());
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ № 2611-00042' })).toBeTruthy();
    expect(screen.queryByText(/Оформлен без входа/)).toBeNull();
  });

  it('drops the warning once the customer has paid the order: it is theirs', async () => {
    const paid = anOrder({
      placedWithoutSignIn: true,
      status: 'PAID',
      statusLabel: 'Оплачен',
      paidAt: '2026-11-21T10:00:00.000Z',
      nextStep: null,
      actions: { canPay: false, canCancel: false, canRepeat: true, canAddFiles: false, canChange: false },
    });
    renderApp('/cabinet/orders/42', server(paid));
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ № 2611-00042' })).toBeTruthy();
    expect(screen.queryByText(/Оформлен без входа/)).toBeNull();
  });

  it('pays: asks the server for the payment link and goes there', async () => {
    const api = server(anOrder(), {
      'POST /api/user/orders/42/payment': { paymentUrl: 'http://app.test/pay/demo/42', order: anOrder() },
    });
    renderApp('/cabinet/orders/42', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Оплатить картой' }));
    await waitFor(() => expect(openPaymentPage).toHaveBeenCalledWith('http://app.test/pay/demo/42'));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ method: 'card' });
  });

  it('pays by SBP from its own button', async () => {
    const api = server(anOrder(), {
      'POST /api/user/orders/42/payment': { paymentUrl: 'http://app.test/pay/demo/sbp', order: anOrder() },
    });
    renderApp('/cabinet/orders/42', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Оплатить через СБП' }));
    await waitFor(() => expect(openPaymentPage).toHaveBeenCalledWith('http://app.test/pay/demo/sbp'));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ method: 'sbp' });
  });

  it('cancels only after the customer confirms, and shows the server’s message', async () => {
    let cancelled = false;
    const api = server(anOrder(), {
      'GET /api/user/orders/42': () => json(anOrderDetail(cancelled ? settled('CANCELLED') : anOrder())),
      'POST /api/user/orders/42/cancel': () => {
        cancelled = true;
        return json({ order: settled('CANCELLED'), message: 'Заказ отменён' });
      },
    });
    renderApp('/cabinet/orders/42', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Отменить заказ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отменить заказ № 2611-00042?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Нет, оставить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Отменить заказ' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Да, отменить заказ' }),
    );
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Заказ отменён'),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Отменить заказ' })).toBeNull());
    expect(screen.getAllByText('Отменён').length).toBeGreaterThan(0);
  });

  it('shows a refusal of the server beside the actions', async () => {
    const api = server(anOrder(), {
      'POST /api/user/orders/42/cancel': () =>
        json({ code: 'CONFLICT', message: 'Заказ уже оплачен, отменить его нельзя' }, 409),
    });
    renderApp('/cabinet/orders/42', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Отменить заказ' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Да, отменить заказ' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Заказ уже оплачен, отменить его нельзя');
  });

  it('repeats the order and opens the new one', async () => {
    const api = server(settled('COMPLETED'), {
      'POST /api/user/orders/42/repeat': () =>
        json(
          { order: anOrder({ id: 57, number: '2611-00057', status: 'NEW' }), message: 'Создан новый заказ' },
          201,
        ),
      'GET /api/user/orders/57': anOrderDetail(anOrder({ id: 57, number: '2611-00057', status: 'NEW' })),
    });
    const { router } = renderApp('/cabinet/orders/42', api);
    expect(screen.queryByRole('button', { name: 'Отменить заказ' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Повторить заказ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cabinet/orders/57'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ № 2611-00057' })).toBeTruthy();
  });

  it('lets a company issue an invoice, download it and say it is paid', async () => {
    let issued = false;
    let confirmed = false;
    const legal = () =>
      anOrder({
        payerType: 'LEGAL',
        organizationId: 1,
        organizationName: 'ООО «Ромашка»',
        actions: { canPay: false, canCancel: true, canRepeat: true, canAddFiles: false, canChange: false },
        nextStep: {
          kind: 'PAY_INVOICE',
          title: 'Оплатите счёт',
          description: 'Сформируйте счёт на 2 140 ₽, оплатите его и сообщите нам об оплате.',
          place: null,
        },
        invoices: issued ? [anInvoice({ status: confirmed ? 'PAYMENT_CONFIRMED' : 'ISSUED' })] : [],
      });
    const api = server(legal(), {
      'GET /api/user/orders/42': () => json(anOrderDetail(legal())),
      'POST /api/user/orders/42/generate-invoice': () => {
        issued = true;
        return json({ order: legal(), invoice: anInvoice() });
      },
      'POST /api/user/orders/42/confirm-invoice-payment': () => {
        confirmed = true;
        return json({ order: legal(), message: 'Спасибо! Мы проверим поступление оплаты и сообщим вам.' });
      },
    });
    renderApp('/cabinet/orders/42', api);
    expect(await screen.findByText(/Сформируйте счёт на 2/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Оплатить картой' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Сформировать акт' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Сформировать счёт' }));
    expect(await screen.findByRole('button', { name: 'Скачать счёт СЧ-2611-00042' })).toBeTruthy();
    expect(screen.getByText('Счёт СЧ-2611-00042 готов').getAttribute('role')).toBe('status');
    expect(screen.queryByRole('button', { name: 'Сформировать счёт' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Я оплатил счёт' }));
    expect(await screen.findByText('Спасибо! Мы проверим поступление оплаты и сообщим вам.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Я оплатил счёт' })).toBeNull());
  });

  it('says an invoice is being made, and shows its download by itself once the PDF is ready', async () => {
    let reads = 0;
    let issued = false;
    const legal = () =>
      anOrder({
        payerType: 'LEGAL',
        organizationId: 1,
        organizationName: 'ООО «Ромашка»',
        actions: { canPay: false, canCancel: true, canRepeat: true, canAddFiles: false, canChange: false },
        nextStep: null,
        // The job finishes after the page has read the order twice.
        invoices: issued ? [anInvoice(reads > 2 ? {} : { pdfStatus: 'MAKING', pdfUrl: null })] : [],
      });
    const api = server(legal(), {
      'GET /api/user/orders/42': () => {
        if (issued) reads += 1;
        return json(anOrderDetail(legal()));
      },
      'POST /api/user/orders/42/generate-invoice': () => {
        issued = true;
        return json({ order: legal(), invoice: anInvoice({ pdfStatus: 'MAKING', pdfUrl: null }) });
      },
    });
    renderApp('/cabinet/orders/42', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Сформировать счёт' }));
    expect(await screen.findByText('Счёт СЧ-2611-00042 формируется…')).toBeTruthy();
    // Nothing says the invoice is ready yet (the promised date of the order is another matter).
    expect(screen.queryByText(/^Счёт.*готов/)).toBeNull();
    // No reload: the page asks again by itself until the PDF is there.
    expect(
      await screen.findByRole('button', { name: 'Скачать счёт СЧ-2611-00042' }, { timeout: 30_000 }),
    ).toBeTruthy();
    expect(screen.queryByText(/формируется/)).toBeNull();
  }, 40_000);

  it('lets a company issue the act once the work is done and send it back signed', async () => {
    let act = false;
    let signed = false;
    const done = () =>
      anOrder({
        ...settled('COMPLETED'),
        payerType: 'LEGAL',
        organizationId: 1,
        invoices: act
          ? [
              anInvoice({
                id: 2,
                kind: 'ACT',
                number: 'АКТ-2611-00042',
                status: signed ? 'SIGNED' : 'ISSUED',
              }),
            ]
          : [],
        actSigned: signed,
      });
    let uploaded: FormDataEntryValue | null = null;
    const api = server(done(), {
      'GET /api/user/orders/42': () => json(anOrderDetail(done())),
      'POST /api/user/orders/42/generate-act': () => {
        act = true;
        return json({ order: done(), invoice: anInvoice({ id: 2, kind: 'ACT', number: 'АКТ-2611-00042' }) });
      },
      'POST /api/order/42/act-signed': async (request: Request) => {
        uploaded = (await request.formData()).get('file');
        signed = true;
        return json({});
      },
    });
    renderApp('/cabinet/orders/42', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Сформировать акт' }));
    expect(await screen.findByRole('button', { name: 'Скачать акт АКТ-2611-00042' })).toBeTruthy();
    const input = screen.getByLabelText('Подписанный акт (PDF, JPG или PNG)') as HTMLInputElement;
    const scan = new File(['%PDF-1.7 signed'], 'act-signed.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [scan] } });
    expect(await screen.findByText('Подписанный акт получен, спасибо!')).toBeTruthy();
    expect((uploaded as File | null)?.name).toBe('act-signed.pdf');
    await waitFor(() => expect(screen.queryByLabelText('Подписанный акт (PDF, JPG или PNG)')).toBeNull());
  });

  it('says the order is not found when it is not one of the customer’s, with a way to their orders', async () => {
    renderApp(
      '/cabinet/orders/42',
      fakeApi({
        'GET /api/user/orders/42': () => json({ code: 'NOT_FOUND', message: 'Заказ не найден' }, 404),
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ не найден' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Все заказы' }).getAttribute('href')).toBe('/cabinet/orders');
    await waitFor(() => expect(document.title).toMatch(/^Заказ не найден/));
  });

  it('opens offline from the stored copy and says the actions need the network', async () => {
    const db = testDb();
    const first = renderApp('/cabinet/orders/42', server(), db);
    await screen.findByRole('button', { name: 'Оплатить картой' });
    await waitFor(async () =>
      expect(await db.cache.where('operation').equals('/api/user/orders/{id}').count()).toBe(1),
    );
    first.unmount();

    setOnline(false);
    renderApp('/cabinet/orders/42', () => Promise.reject(new TypeError('Failed to fetch')), db);
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ № 2611-00042' })).toBeTruthy();
    expect(await screen.findByText(/Нет сети — показаны сохранённые данные/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Оплатить картой' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Повторить заказ' })).toHaveProperty('disabled', true);
    expect(screen.getByText(/можно только онлайн/)).toBeTruthy();
    expect(plain(screen.getByRole('region', { name: 'Получение' }).textContent)).toContain('Охотный Ряд');
  });

  it('offline, an order never opened on this device has no number in its heading rather than its id', async () => {
    setOnline(false);
    renderApp('/cabinet/orders/42', () => Promise.reject(new TypeError('Failed to fetch')), testDb());
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ' })).toBeTruthy();
    expect(screen.queryByText(/№ 42/)).toBeNull();
  });
});
