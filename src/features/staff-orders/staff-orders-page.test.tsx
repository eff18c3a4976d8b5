// @vitest-environment happy-dom
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../api/test-helpers';
import { testDb } from '../../db/test-db';
import { moscowDate } from '../../domain/moscow-time';
import { addDays } from '../../domain/work-calendar';
import { fakeApi } from '../../testing/fake-api';
import { renderApp, setOnline, signInAs } from '../../testing/render-app';
import { aStaffOrder, aSummary, aSummaryPage } from '../../testing/staff-order-fixtures';
import { SEARCH_DEBOUNCE_MS } from './order-filters';
import { pageCount, totalText } from './staff-orders-page';

vi.mock('../shell/update-prompt', () => ({ UpdatePrompt: () => null }));
configure({ asyncUtilTimeout: 5000 });

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

beforeEach(() => signInAs('crm', 'MANAGER'));
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

const rows = [
  aSummary(),
  aSummary({
    id: 41,
    number: '2611-00041',
    status: 'IN_TRANSLATION',
    name: 'ООО «Вектор»',
    phoneNumber: '+7 495 111-22-33',
    email: 'office@vector.ru',
    amount: 15300.5,
    margin: -120.25,
    marginPercent: -0.8,
    deliveryType: 'COURIER',
    pickupPointId: null,
    pickupPointName: null,
    partnerId: null,
    payerType: 'LEGAL',
    organizationName: 'ООО «Вектор»',
  }),
];

function server(page = aSummaryPage(rows)) {
  return fakeApi({
    'GET /api/order': page,
    'GET /api/partner': [
      { id: 1, name: 'Партнёр «Тверская»', commission: 10 },
      { id: 2, name: 'Партнёр «Арбат»', commission: 12 },
    ],
  });
}

const listCalls = (api: ReturnType<typeof fakeApi>) =>
  api.calls.filter((call) => call.method === 'GET' && call.path === '/api/order').map((call) => call.query);

/** Opens a select and picks an option, once it is there (partners come from their own request). */
async function pick(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  const listbox = screen.getByRole('listbox', { name: label });
  fireEvent.mouseDown(await within(listbox).findByRole('option', { name: option }));
}

describe('/crm/home, the orders list', () => {
  it('shows each order with its number, customer, status, amount and delivery, and the data’s age', async () => {
    renderApp('/crm/home', server());
    const table = await screen.findByRole('table', { name: 'Заявки' });
    const [, first, second] = within(table).getAllByRole('row');
    const text = plain(first?.textContent);
    for (const part of ['№ 2611-00042', 'Анна Смирнова', '+7 916 123-45-67', 'Ожидает оплаты', '2 140 ₽'])
      expect(text).toContain(part);
    expect(text).toContain('Пункт выдачи «Тверская»');
    expect(plain(second?.textContent)).toContain('15 300,50 ₽');
    // The margin after every cost, the partner's commission included; a loss stands out.
    expect(text).toContain('776 ₽ (36,3 %)');
    const loss = within(second as HTMLElement).getByText(/−120,25 ₽|-120,25 ₽/);
    expect(plain(loss.textContent)).toMatch(/120,25 ₽ \(-0,8 %\)/);
    expect(plain(second?.textContent)).toContain('Организация');
    expect(
      within(first as HTMLElement)
        .getByRole('link', { name: '№ 2611-00042' })
        .getAttribute('href'),
    ).toBe('/crm/orders/42');
    expect(
      within(first as HTMLElement)
        .getByRole('link', { name: '+7 916 123-45-67' })
        .getAttribute('href'),
    ).toBe('tel:+79161234567');
    expect(screen.getByText('Найдено: 2')).toBeTruthy();
    // Just fetched: its age is not worth a line.
    expect(screen.queryByText(/^Данные от /)).toBeNull();
  });

  it('shows the promised date with its marks and the assignee, filters by it, and sorts by it', async () => {
    const today = moscowDate(new Date());
    const dated = [
      aSummary({
        dueDate: addDays(today, -1),
        status: 'IN_TRANSLATION',
        urgent: true,
        assigneeName: 'Ольга Петрова',
      }),
      aSummary({ id: 41, number: '2611-00041', dueDate: today, status: 'PAID' }),
      aSummary({ id: 40, number: '2611-00040', dueDate: addDays(today, -3), status: 'READY' }),
    ];
    const api = fakeApi({
      'GET /api/order': aSummaryPage(dated),
      'GET /api/partner': [],
      'GET /api/order/assignees': [{ id: 3, name: 'Ольга Петрова', email: null, role: 'MANAGER' }],
    });
    const { router } = renderApp('/crm/home', api);
    const table = await screen.findByRole('table', { name: 'Заявки' });
    const [, late, due, ready] = within(table).getAllByRole('row');
    expect(plain(late?.textContent)).toMatch(/срочно\s*просрочен/);
    expect(plain(late?.textContent)).toContain('Ольга Петрова');
    expect(plain(due?.textContent)).toContain('сегодня');
    expect(plain(due?.textContent)).toContain('без ответственного');
    // A ready order is not late, whatever its date.
    expect(plain(ready?.textContent)).not.toContain('просрочен');
    await pick('Срок', 'Просроченные');
    await waitFor(() => expect(listCalls(api).at(-1)).toContain('due=OVERDUE'));
    await pick('Ответственный', 'Мои заказы');
    await waitFor(() => expect(listCalls(api).at(-1)).toContain('assignee=me'));
    expect(router.state.location.search).toMatchObject({ due: 'OVERDUE', assignee: 'me' });
    fireEvent.click(
      within(await screen.findByRole('table', { name: 'Заявки' })).getByRole('button', { name: /^Срок/ }),
    );
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ sort: 'dueDate', direction: 'asc' }),
    );
    await waitFor(() => expect(listCalls(api).at(-1)).toContain('sort=dueDate&direction=asc'));
  });

  it('opens «Мои заказы» as a tab of its own: the caller’s orders, no assignee filter', async () => {
    const api = server();
    renderApp('/crm/home', api);
    const tabs = await screen.findByRole('navigation', { name: 'Какие заявки показать' });
    const tab = within(tabs).getByRole('link', { name: 'Мои заказы' });
    expect(within(tabs).getByRole('link', { name: 'Все заявки' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(tab);
    expect(await screen.findByRole('heading', { level: 1, name: 'Мои заказы' })).toBeTruthy();
    await waitFor(() => expect(listCalls(api).at(-1)).toContain('assignee=me'));
    expect(screen.queryByRole('combobox', { name: 'Ответственный' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Заявки: мои заказы — Бюро переводов'));
  });

  it('puts each filter in the address and the server’s query, and «Назад» walks back through them', async () => {
    const api = server();
    const { router } = renderApp('/crm/home', api);
    await screen.findByRole('table', { name: 'Заявки' });
    await pick('Статус', 'В работе у переводчика');
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'IN_TRANSLATION' }));
    await pick('Партнёр', 'Партнёр «Арбат»');
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ status: 'IN_TRANSLATION', partnerId: 2 }),
    );
    fireEvent.change(screen.getByLabelText('Создан с'), { target: { value: '2026-11-01' } });
    await waitFor(() =>
      expect(router.state.location.search).toEqual(expect.objectContaining({ dateFrom: '2026-11-01' })),
    );
    await waitFor(() =>
      expect(listCalls(api).at(-1)).toBe(
        '?status=IN_TRANSLATION&partnerId=2&dateFrom=2026-11-01&sort=createdAt&direction=desc&limit=20&offset=0',
      ),
    );

    act(() => router.history.back());
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ status: 'IN_TRANSLATION', partnerId: 2 }),
    );
    expect(screen.getByRole('combobox', { name: 'Партнёр' }).textContent).toContain('Партнёр «Арбат»');
    act(() => router.history.back());
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'IN_TRANSLATION' }));
  });

  it('searches once typing pauses, with one history entry for the whole word', async () => {
    const api = server();
    const { router } = renderApp('/crm/home', api);
    await screen.findByRole('table', { name: 'Заявки' });
    const box = screen.getByRole('searchbox', { name: 'Поиск' });
    const entriesBefore = router.history.length;
    for (const typed of ['9', '91', '916', '9161']) fireEvent.change(box, { target: { value: typed } });
    expect(router.state.location.search).toEqual({});
    await waitFor(() => expect(router.state.location.search).toEqual({ search: '9161' }));
    fireEvent.change(box, { target: { value: '91612' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ search: '91612' }));
    expect(router.history.length).toBe(entriesBefore + 1);
    expect(listCalls(api).filter((query) => query.includes('search='))).toEqual([
      expect.stringContaining('search=9161&'),
      expect.stringContaining('search=91612&'),
    ]);
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
  });

  it('waits for the third character before searching', async () => {
    const api = server();
    const { router } = renderApp('/crm/home', api);
    await screen.findByRole('table', { name: 'Заявки' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Поиск' }), { target: { value: 'Ан' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'Ан' }));
    expect(screen.getByText('Введите хотя бы 3 символа')).toBeTruthy();
    expect(listCalls(api).some((query) => query.includes('search='))).toBe(false);
  });

  it('opens a shared link with its view, and a bad value falls back to its default instead of an error', async () => {
    const api = server();
    renderApp('/crm/home?status=READY&payerType=LEGAL&sort=amount&direction=asc&page=2&partnerId=abc', api);
    await screen.findByRole('table', { name: 'Заявки' });
    await waitFor(() =>
      expect(listCalls(api)[0]).toBe(
        '?status=READY&payerType=LEGAL&sort=amount&direction=asc&limit=20&offset=20',
      ),
    );
    expect(screen.getByRole('columnheader', { name: /Сумма/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('sorts on the server by a column header: ascending first, then descending', async () => {
    const api = server();
    const { router } = renderApp('/crm/home', api);
    await screen.findByRole('table', { name: 'Заявки' });
    fireEvent.click(screen.getByRole('button', { name: /Клиент/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'name', direction: 'asc' }));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Клиент/ }).getAttribute('aria-sort')).toBe(
        'ascending',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: /Клиент/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'name' }));
    await waitFor(() => expect(listCalls(api).at(-1)).toContain('sort=name&direction=desc'));
  });

  it('says «более 1 000» when the server stopped counting, and still lets the manager page on', async () => {
    renderApp('/crm/home', server(aSummaryPage(rows, { total: 1000, totalCapped: true })));
    expect(await screen.findByText(/^Найдено: более 1\s000$/)).toBeTruthy();
    expect(plain(totalText(1000, true))).toBe('Найдено: более 1 000');
    expect(pageCount(1000, true, 50)).toBe(51);
    expect(pageCount(1000, true, 501)).toBe(501);
    expect(pageCount(37, false, 1)).toBe(2);
  });

  it('says «Нет данных» with no orders, and «Ничего не найдено» when filters found none', async () => {
    renderApp('/crm/home', server(aSummaryPage([])));
    expect(await screen.findByText('Нет данных')).toBeTruthy();
    cleanup();
    renderApp('/crm/home?status=CANCELLED', server(aSummaryPage([])));
    expect(await screen.findByText('Ничего не найдено. Измените условия поиска.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    expect(await screen.findByText('Нет данных')).toBeTruthy();
  });

  it('opens offline from the stored copy with its age', async () => {
    const db = testDb();
    const first = renderApp('/crm/home', server(), db);
    await screen.findByRole('table', { name: 'Заявки' });
    await waitFor(async () => expect(await db.cache.where('operation').equals('/api/order').count()).toBe(1));
    first.unmount();

    setOnline(false);
    renderApp('/crm/home', () => Promise.reject(new TypeError('Failed to fetch')), db);
    expect(await screen.findByRole('link', { name: '№ 2611-00042' })).toBeTruthy();
    expect(await screen.findByText(/Нет сети — показаны сохранённые данные/)).toBeTruthy();
  });

  it('refreshes the row after a status change', async () => {
    let status: 'AWAITING_PAYMENT' | 'PAID' = 'AWAITING_PAYMENT';
    const api = fakeApi({
      'GET /api/order': () => json(aSummaryPage([aSummary({ status })])),
      'GET /api/partner': [],
      'PATCH /api/order/status': () => {
        status = 'PAID';
        return json(aStaffOrder({ status }));
      },
    });
    renderApp('/crm/home', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить статус заказа № 2611-00042' }));
    const dialog = screen.getByRole('dialog', { name: 'Статус заказа № 2611-00042' });
    fireEvent.click(within(dialog).getByLabelText('Оплачен'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Изменить статус' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const table = screen.getByRole('table', { name: 'Заявки' });
    await waitFor(() => expect(within(table).getByText('Оплачен')).toBeTruthy());
    expect(within(table).queryByText('Ожидает оплаты')).toBeNull();
    expect(await screen.findByText('Заказ № 2611-00042: статус «Оплачен»')).toBeTruthy();
  });

  it('shows cards instead of a table on a phone, with the sort as a choice', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    const { router } = renderApp('/crm/home', server());
    const cards = await screen.findByRole('list', { name: 'Заявки' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Статус' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Фильтры' }));
    await pick('Сортировка', 'Сумма: сначала большие');
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'amount' }));
  });

  it('marks an order whose customer wrote and nobody read it yet, in the table and on a phone’s card', async () => {
    const waiting = aSummaryPage([aSummary({ unreadMessages: 2 }), rows[1] as (typeof rows)[number]]);
    renderApp('/crm/home', server(waiting));
    const table = await screen.findByRole('table', { name: 'Заявки' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first as HTMLElement).getByText('2 новых сообщения')).toBeTruthy();
    expect(within(second as HTMLElement).queryByText(/новых? сообщени/)).toBeNull();
    cleanup();
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    renderApp('/crm/home', server(waiting));
    const cards = await screen.findByRole('list', { name: 'Заявки' });
    expect(
      within(within(cards).getAllByRole('listitem')[0] as HTMLElement).getByText('2 новых сообщения'),
    ).toBeTruthy();
  });
});
