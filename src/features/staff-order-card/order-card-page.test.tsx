// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../api/test-helpers';
import { fakeApi } from '../../testing/fake-api';
import { renderApp, setOnline, signInAs } from '../../testing/render-app';
import { aStaffDetail, aStaffOrder, aStaffTracking } from './test-fixtures';

/** Orders placed before consents were recorded: the card says so in its own block. */
const NO_CONSENT = { consent: null };
/** The card's other reads: no consent record, no conversation yet, no notes, a tracking line. */
const CARD_EXTRAS = {
  'GET /api/order/42/consent': NO_CONSENT,
  'GET /api/order/42/tracking': aStaffTracking(),
  'GET /api/order/42/messages': { orderId: 42, messages: [], unread: 0 },
  'GET /api/order/42/notes': { notes: [] },
};

vi.mock('../shell/update-prompt', () => ({ UpdatePrompt: () => null }));
// The back-office frame provides the notices; here they are a spy, so a test sees what was raised.
const notify = vi.hoisted(() => vi.fn());
vi.mock('../../ui/widgets/notices', async (original) => ({
  ...(await original<typeof import('../../ui/widgets/notices')>()),
  useNotices: () => ({ notify, dismiss: vi.fn() }),
}));
configure({ asyncUtilTimeout: 5000 });

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
  notify.mockReset();
});

const region = (name: string) => screen.getByRole('region', { name });

describe('the order card', () => {
  it('shows the customer with links, documents, files, delivery, one history, price, cost and margin', async () => {
    signInAs('crm', 'ADMIN');
    const detail = aStaffDetail(undefined, {
      changes: [
        {
          id: 5,
          field: 'AMOUNT',
          oldValue: '4390.00',
          newValue: '4030.00',
          comment: 'Скидка постоянному клиенту',
          createdAt: '2026-11-20T10:18:00.000Z',
          actorEmail: 'boss@perevod.local',
          actorRole: 'ADMIN',
        },
      ],
    });
    renderApp('/crm/orders/42', fakeApi({ ...CARD_EXTRAS, 'GET /api/order/42': detail }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ № 2611-00042' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Заказ № 2611-00042 — Бюро переводов'));
    const customer = region('Клиент');
    expect(within(customer).getByRole('link', { name: '+7 916 123-45-67' }).getAttribute('href')).toBe(
      'tel:+79161234567',
    );
    expect(within(customer).getByRole('link', { name: 'anna@example.ru' }).getAttribute('href')).toBe(
      'mailto:anna@example.ru',
    );
    expect(plain(customer.textContent)).toContain('Физическое лицо');
    expect(plain(region('Документы').textContent)).toContain('Паспорт, 2 экземпляра');
    expect(screen.getByRole('button', { name: 'passport.pdf' })).toBeTruthy();
    expect(plain(region('Получение').textContent)).toContain('Тверская, 7');
    const entries = within(region('История заказа'))
      .getAllByRole('listitem')
      .map((item) => plain(item.textContent));
    expect(entries).toHaveLength(3);
    expect(entries[1]).toContain('Сумма заказа');
    expect(entries[1]).toContain('4 390 ₽ → 4 030 ₽');
    expect(entries[1]).toContain('Кто: boss@perevod.local (Администратор)');
    expect(entries[1]).toContain('Комментарий: Скидка постоянному клиенту');
    expect(entries[2]).toContain('Новый → Ожидает оплаты');
    const money = plain(region('Стоимость и расходы').textContent);
    expect(money).toContain('Паспорт с заверением × 24 200 ₽');
    expect(money).toContain('Сумма заказа4 030 ₽');
    expect(money).toContain('Комиссия партнёра (10 % суммы)403 ₽');
    expect(money).toContain('Расходы всего2 953 ₽');
    expect(money).toContain('Маржа: 1 077 ₽ (26,7 % от суммы заказа)');
    // Just fetched: its age is not worth a line.
    expect(screen.queryByText(/^Данные от /)).toBeNull();
  });

  it('marks an order placed without signing in and shows a typed link as plain text', async () => {
    signInAs('crm', 'MANAGER');
    const order = aStaffOrder({
      placedWithoutSignIn: true,
      comment: 'Срочно оплатите по ссылке https://evil.example/pay',
    });
    renderApp('/crm/orders/42', fakeApi({ ...CARD_EXTRAS, 'GET /api/order/42': aStaffDetail(order) }));
    const customer = await screen.findByRole('region', { name: 'Клиент' });
    expect(customer.textContent).toContain('Оформлен без входа в личный кабинет');
    expect(region('Документы').textContent).toContain('https://evil.example/pay');
    const links = [...document.querySelectorAll('a')].map((link) => link.getAttribute('href') ?? '');
    expect(links.filter((href) => href.includes('evil.example'))).toEqual([]);
  });

  it('says which files the customer added after placing the order, by whom and when', async () => {
    signInAs('crm', 'MANAGER');
    const sent = aStaffOrder().files[0];
    if (!sent) throw new Error('the fixture order has a file');
    const added = {
      ...sent,
      id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
      name: 'diploma.jpg',
      type: 'image/jpeg',
      url: '/api/files/7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
      addedAt: '2026-11-21T09:05:00.000Z',
      addedByEmail: 'anna@example.ru',
    };
    const order = aStaffOrder({ files: [sent, added] });
    renderApp('/crm/orders/42', fakeApi({ 'GET /api/order/42': aStaffDetail(order) }));
    const files = await screen.findByRole('region', { name: 'Файлы' });
    const [first, second] = within(files).getAllByRole('listitem');
    expect(plain(first?.textContent)).not.toContain('добавлен');
    expect(plain(second?.textContent)).toContain('diploma.jpg');
    expect(plain(second?.textContent)).toContain('— добавлен клиентом anna@example.ru 21 нояб.');
    expect(second?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-21T09:05:00.000Z');
  });

  it('lets an ADMIN change the amount: inline Russian errors first, then PATCH and the new figures', async () => {
    signInAs('crm', 'ADMIN');
    let order = aStaffOrder({ amount: 4030 });
    const api = fakeApi({
      ...CARD_EXTRAS,
      'GET /api/order/42': () => json(aStaffDetail(order)),
      'PATCH /api/order/amount': async (request: Request) => {
        const body = (await request.json()) as { amount: number };
        order = { ...order, amount: body.amount, updatedAt: '2026-11-21T09:00:00.000Z' };
        return json(order);
      },
    });
    renderApp('/crm/orders/42', api);
    const field = await screen.findByLabelText('Сумма заказа, ₽');
    fireEvent.change(field, { target: { value: 'две тысячи' } });
    fireEvent.click(screen.getByRole('button', { name: 'Изменить сумму' }));
    const message = 'Введите сумму заказа числом, например 2 140 или 2 140,50';
    expect(within(screen.getByRole('alert')).getByText(message)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
    fireEvent.change(field, { target: { value: '3 500,50' } });
    expect(screen.queryByText(message)).toBeNull();
    fireEvent.change(screen.getByLabelText('Комментарий (необязательно)'), {
      target: { value: 'Договорились' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Изменить сумму' }));
    await waitFor(() =>
      expect(plain(screen.getByText(/^Сумма изменена/).textContent)).toBe(
        'Сумма изменена: 4 030 ₽ → 3 500,50 ₽',
      ),
    );
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      id: 42,
      amount: 3500.5,
      comment: 'Договорились',
    });
    expect(api.calls.filter((call) => call.path === '/api/order/42').length).toBeGreaterThanOrEqual(2);
  });

  it('shows a MANAGER the amount without its control; a 403 reads «У вас нет прав…»', async () => {
    signInAs('crm', 'MANAGER');
    const api = fakeApi({
      ...CARD_EXTRAS,
      'GET /api/order/42': aStaffDetail(),
      'PATCH /api/order/other-document-amount': () => json({ code: 'FORBIDDEN', message: 'Forbidden' }, 403),
    });
    renderApp('/crm/orders/42', api);
    const amount = await screen.findByRole('region', { name: 'Сумма заказа' });
    expect(plain(amount.textContent)).toContain('4 030 ₽');
    expect(plain(amount.textContent)).toContain('Сумму меняет только администратор.');
    expect(screen.queryByLabelText('Сумма заказа, ₽')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Удалить заказ' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Цена для клиента, ₽'), { target: { value: '1800' } });
    fireEvent.change(screen.getByLabelText('Себестоимость, ₽'), { target: { value: '900' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить документ' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'У вас нет прав на выполнение этого действия',
    );
  });

  it('shows why the payment link was refused and keeps the typed link', async () => {
    signInAs('crm', 'MANAGER');
    const api = fakeApi({
      ...CARD_EXTRAS,
      'GET /api/order/42': aStaffDetail(aStaffOrder({ paymentUrl: 'https://pay.example.ru/old' })),
      'PUT /api/order/payment-link': () =>
        json({ code: 'CONFLICT', message: 'Ссылку на оплату можно менять только до оплаты' }, 409),
    });
    renderApp('/crm/orders/42', api);
    expect(await screen.findByRole('link', { name: 'https://pay.example.ru/old' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Скопировать ссылку' })).toBeTruthy();
    const field = screen.getByLabelText('Новая ссылка');
    fireEvent.change(field, { target: { value: 'pay.example.ru/new' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить ссылку' }));
    expect(screen.getAllByText('Ссылка на оплату должна начинаться с https://').length).toBe(2);
    fireEvent.change(field, { target: { value: 'https://pay.example.ru/new' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить ссылку' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ссылку на оплату можно менять только до оплаты',
    );
    expect((field as HTMLInputElement).value).toBe('https://pay.example.ru/new');
  });

  it('shows the server’s refusal of the link beside the field, until the link is edited', async () => {
    signInAs('crm', 'MANAGER');
    const refusal = 'Поле «Ссылка на оплату»: не длиннее 2000 символов';
    const api = fakeApi({
      ...CARD_EXTRAS,
      'GET /api/order/42': aStaffDetail(aStaffOrder({ paymentUrl: null })),
      'PUT /api/order/payment-link': () =>
        json(
          {
            code: 'VALIDATION_ERROR',
            message: refusal,
            details: [{ path: '/body/paymentUrl', message: refusal }],
          },
          400,
        ),
    });
    renderApp('/crm/orders/42', api);
    const field = await screen.findByLabelText('Ссылка');
    fireEvent.change(field, { target: { value: 'https://pay.example.ru/new' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить ссылку' }));
    await waitFor(() =>
      expect(document.getElementById('card-payment-link-error')?.textContent).toContain(refusal),
    );
    expect(screen.getByRole('link', { name: refusal }).getAttribute('href')).toBe('#card-payment-link');
    fireEvent.change(field, { target: { value: 'https://pay.example.ru/shorter' } });
    expect(document.getElementById('card-payment-link-error')).toBeNull();
  });

  it('offline: the stored card shows with its age, writes say they need the network and keep the values', async () => {
    signInAs('crm', 'ADMIN');
    const view = renderApp(
      '/crm/orders/42',
      fakeApi({ ...CARD_EXTRAS, 'GET /api/order/42': aStaffDetail() }),
    );
    await screen.findByLabelText('Сумма заказа, ₽');
    view.unmount();
    setOnline(false);
    const offline = fakeApi({
      ...CARD_EXTRAS,
      'GET /api/order/42': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderApp('/crm/orders/42', offline, view.db);
    const field = await screen.findByLabelText('Сумма заказа, ₽');
    expect(screen.getByText(/Нет сети — показаны сохранённые данные/)).toBeTruthy();
    fireEvent.change(field, { target: { value: '5000' } });
    const submit = screen.getByRole('button', { name: 'Изменить сумму' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    expect(
      screen.getAllByText('Нет сети: изменения сохраняются только онлайн. Введённое останется в форме.')
        .length,
    ).toBeGreaterThan(0);
    expect((field as HTMLInputElement).value).toBe('5000');
    expect(offline.calls.some((call) => call.method !== 'GET')).toBe(false);
  });

  it('deletes an order only after the confirmation, then leaves for the list with a notice', async () => {
    signInAs('crm', 'ADMIN');
    const api = fakeApi({
      ...CARD_EXTRAS,
      'GET /api/order/42': aStaffDetail(),
      'DELETE /api/order': () => new Response(null, { status: 204 }),
      'GET /api/order': { items: [], total: 0, totalCapped: false, limit: 20, offset: 0 },
    });
    const { router } = renderApp('/crm/orders/42', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить заказ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить заказ № 2611-00042?' });
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Нет, оставить' }));
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
    // The page behind is hidden from assistive technology until the dialog has closed (300 ms).
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить заказ' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Да, удалить заказ' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/home'));
    const call = api.calls.find((item) => item.method === 'DELETE');
    expect(call?.query).toBe('?id=42');
    expect(notify).toHaveBeenCalledWith('Заказ № 2611-00042 удалён', 'success');
  });

  it('after payment shows the prices read-only and says why', async () => {
    signInAs('crm', 'ADMIN');
    const paid = aStaffOrder({ status: 'PAID', amount: 4030, paymentUrl: 'https://pay.example.ru/42' });
    renderApp('/crm/orders/42', fakeApi({ ...CARD_EXTRAS, 'GET /api/order/42': aStaffDetail(paid) }));
    const amount = await screen.findByRole('region', { name: 'Сумма заказа' });
    expect(plain(amount.textContent)).toContain('После оплаты не меняется: заказ в статусе «Оплачен».');
    expect(screen.queryByLabelText('Сумма заказа, ₽')).toBeNull();
    expect(screen.queryByLabelText('Цена для клиента, ₽')).toBeNull();
    expect(screen.queryByLabelText('Новая ссылка')).toBeNull();
    expect(screen.getByRole('link', { name: 'https://pay.example.ru/42' })).toBeTruthy();
  });

  it('uploads the signed act of a company’s order and reads the card again', async () => {
    signInAs('crm', 'MANAGER');
    const legal = aStaffOrder({
      payerType: 'LEGAL',
      organizationName: 'ООО «Ромашка»',
      organizationInn: '7707083893',
      actPdfPath: '/api/files/1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    });
    const api = fakeApi({
      ...CARD_EXTRAS,
      'GET /api/order/42': aStaffDetail(legal),
      'POST /api/order/42/act-signed': { id: 2, status: 'SIGNED' },
    });
    renderApp('/crm/orders/42', api);
    expect(plain((await screen.findByRole('region', { name: 'Клиент' })).textContent)).toContain(
      'ООО «Ромашка»',
    );
    expect(screen.getByRole('button', { name: 'Акт (PDF)' })).toBeTruthy();
    const field = screen.getByLabelText('Подписанный акт (PDF, JPG или PNG)');
    const scan = new File(['%PDF-1.4'], 'act-signed.pdf', { type: 'application/pdf' });
    fireEvent.change(field, { target: { files: [scan] } });
    expect((await screen.findByText('Подписанный акт «act-signed.pdf» загружен')).getAttribute('role')).toBe(
      'status',
    );
    expect(api.calls.filter((call) => call.path === '/api/order/42/act-signed')).toHaveLength(1);
    expect(api.calls.filter((call) => call.path === '/api/order/42').length).toBeGreaterThanOrEqual(2);
  });

  it('moves the status with the list’s changer and shows the move in the card’s history', async () => {
    signInAs('crm', 'MANAGER');
    let detail = aStaffDetail();
    const api = fakeApi({
      ...CARD_EXTRAS,
      'GET /api/order/42': () => json(detail),
      'PATCH /api/order/status': () => {
        const order = { ...detail.order, status: 'PAID' as const, updatedAt: '2026-11-21T09:00:00.000Z' };
        const move = {
          id: 3,
          fromStatus: 'AWAITING_PAYMENT' as const,
          status: 'PAID' as const,
          comment: null,
          createdAt: '2026-11-21T09:00:00.000Z',
          actorEmail: 'anna@example.ru',
          actorRole: 'MANAGER' as const,
        };
        detail = { ...detail, order, history: [...detail.history, move] };
        return json(order);
      },
    });
    renderApp('/crm/orders/42', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить статус заказа № 2611-00042' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('Оплачен'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Изменить статус' }));
    await waitFor(() =>
      expect(plain(region('История заказа').textContent)).toContain('Ожидает оплаты → Оплачен'),
    );
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      id: 42,
      status: 'PAID',
      expectedStatus: 'AWAITING_PAYMENT',
    });
    expect(plain(region('Статус').textContent)).toContain('Оплачен');
  });

  it('says a closed order’s status no longer changes', async () => {
    signInAs('crm', 'ADMIN');
    renderApp(
      '/crm/orders/42',
      fakeApi({
        ...CARD_EXTRAS,
        'GET /api/order/42': aStaffDetail(aStaffOrder({ status: 'COMPLETED' })),
      }),
    );
    expect(await screen.findByText('Заказ закрыт: статус больше не меняется.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Изменить статус/ })).toBeNull();
  });
});
