// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../api/test-helpers';
import { NETWORK_MESSAGE } from '../../outbox/send';
import { isStatusChange } from '../../outbox/status-changes';
import { fakeApi, type Handler } from '../../testing/fake-api';
import { renderApp, signInAs, TEST_TOKEN } from '../../testing/render-app';
import { aPartnerOrder } from '../../testing/staff-order-fixtures';
import type { PartnerOrder } from './partner-order';

vi.mock('../shell/update-prompt', () => ({ UpdatePrompt: () => null }));
configure({ asyncUtilTimeout: 5000 });

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** A row of the partner's list: an order on its way to the partner's point. */
const aRow = (overrides: Partial<PartnerOrder> = {}): PartnerOrder =>
  aPartnerOrder({
    status: 'IN_DELIVERY',
    createdAt: '2026-11-22T09:00:00.000Z',
    updatedAt: '2026-11-22T12:00:00.000Z',
    documents: [
      { type: 'Паспорт', quantity: 2, targetLanguages: ['en'], assurances: ['Нотариальное заверение'] },
    ],
    ...overrides,
  });

const page = (items: PartnerOrder[]) => ({
  items,
  total: items.length,
  totalCapped: false,
  limit: 20,
  offset: 0,
});

/** The partner's server: the list reflects the status the last accepted PATCH set. */
function partnerServer(patch: Handler, more: Record<string, Handler> = {}) {
  const rows = [
    aRow({ resultsCount: 2 }),
    aRow({ id: 41, number: '2611-00041', status: 'COMPLETED' }),
    aRow({ id: 40, number: '2611-00040', status: 'READY' }),
  ];
  const api = fakeApi({
    ...more,
    'GET /api/order/partner': () => json(page(rows)),
    'PATCH /api/order/status': async (request: Request, url: URL) => {
      const answer = await patch(request, url);
      if (answer.ok) {
        const order = (await answer.clone().json()) as {
          id: number;
          status: PartnerOrder['status'];
          updatedAt: string;
        };
        const index = rows.findIndex((row) => row.id === order.id);
        rows[index] = { ...(rows[index] as PartnerOrder), status: order.status, updatedAt: order.updatedAt };
      }
      return answer;
    },
  });
  // The outbox replays with the page's own fetch (relative URLs), not through the gateway.
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const request = new Request(new URL(input, 'http://app.test'), init);
    const answer = await api(request);
    return answer;
  });
  return api;
}

const accepted = () => json({ id: 42, status: 'AT_PICKUP_POINT', updatedAt: '2026-11-23T10:00:00.000Z' });

beforeEach(() => signInAs('crm', 'PARTNER'));
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function cardOf(number: string) {
  const heading = await screen.findByRole('heading', { name: `Заказ № ${number}` });
  return heading.closest('li') as HTMLElement;
}

async function confirmMove(number: string, label: string) {
  fireEvent.click(within(await cardOf(number)).getByRole('button', { name: label }));
  const dialog = await screen.findByRole('dialog', { name: `${label}?` });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));
}

describe('partner orders', () => {
  it('shows each order of the points as a card, newest first, with the moves a point may make', async () => {
    const api = partnerServer(() => accepted());
    renderApp('/crm/orders', api);
    const first = await cardOf('2611-00042');
    await waitFor(() => expect(plain(first.textContent)).toContain('Паспорт × 2 (Нотариальное заверение)'));
    const text = plain(first.textContent);
    expect(text).toContain('Передан в доставку');
    expect(text).toContain('Анна Смирнова');
    expect(text).toContain('Пункт выдачи «Тверская»');
    expect(within(first).getByRole('link', { name: '+7 916 123-45-67' }).getAttribute('href')).toBe(
      'tel:+79161234567',
    );
    expect(within(first).getByRole('button', { name: 'Принят в пункте выдачи' })).toBeTruthy();
    // The bureau sent the customer an electronic copy: said, never shown.
    expect(text).toContain('КопияБюро отправило клиенту электронную копию перевода');
    const done = await cardOf('2611-00041');
    expect(done.textContent).not.toContain('электронную копию');
    expect(within(done).queryAllByRole('button')).toEqual([]);
    expect(done.textContent).toContain('Заказ выдан клиенту. Больше ничего делать не нужно.');
    // «Готов» is the bureau's: no button yet, but the card says what comes next.
    const ready = await cardOf('2611-00040');
    expect(within(ready).queryAllByRole('button')).toEqual([]);
    expect(ready.textContent).toContain(
      'Перевод готов и скоро будет отправлен в ваш пункт. Когда курьер привезёт заказ, нажмите «Принят в пункте выдачи».',
    );
    expect(first.textContent).not.toContain('Пока делать');
    const list = api.calls.find((call) => call.path === '/api/order/partner');
    expect(new URLSearchParams(list?.query)).toMatchObject(
      new URLSearchParams({ sort: 'createdAt', direction: 'desc', limit: '20', offset: '0' }),
    );
    // Just fetched: its age is not worth a line.
    expect(screen.queryByText(/^Данные от /)).toBeNull();
    // The cards' documents come with the list: one request on a flaky network, not one per order.
    expect(api.calls.filter((call) => /^\/api\/order\/\d+$/.test(call.path))).toEqual([]);
  });

  it('sends a confirmed move with the status the partner saw and a key, and shows the new status', async () => {
    const api = partnerServer(() => accepted());
    renderApp('/crm/orders', api);
    await confirmMove('2611-00042', 'Принят в пункте выдачи');
    const first = await cardOf('2611-00042');
    expect(await within(first).findByRole('button', { name: 'Выдан клиенту' })).toBeTruthy();
    expect(plain(first.textContent)).toContain('Ожидает в пункте выдачи');
    expect(plain(first.textContent)).not.toContain('Ожидает отправки');
    const patches = api.calls.filter((call) => call.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0]?.body).toEqual({ id: 42, status: 'AT_PICKUP_POINT', expectedStatus: 'IN_DELIVERY' });
  });

  it('keeps a move made without network as «Ожидает отправки» and sends it once the network is back', async () => {
    let online = false;
    const keys: (string | null)[] = [];
    let delivered = 0;
    const api = partnerServer((request) => {
      keys.push(request.headers.get('idempotency-key'));
      if (!online) throw new TypeError('Failed to fetch');
      delivered += 1;
      return accepted();
    });
    const { db } = renderApp('/crm/orders', api);
    await confirmMove('2611-00042', 'Принят в пункте выдачи');
    const first = await cardOf('2611-00042');
    await waitFor(() =>
      expect(plain(first.textContent)).toContain('Ожидает отправки — новый статус «Ожидает в пункте выдачи»'),
    );
    expect(within(first).queryByRole('button', { name: 'Выдан клиенту' })).toBeNull();
    expect(await screen.findByText('Изменений статуса ждут отправки: 1')).toBeTruthy();
    const entry = (await db.outbox.toArray()).find(isStatusChange);
    expect(entry?.payload).toMatchObject({ token: TEST_TOKEN, from: 'IN_DELIVERY', to: 'AT_PICKUP_POINT' });

    // The card says «Ожидает отправки» as soon as the move is queued; the first try follows and
    // ends on the dead network, which the card then says too («Отправляется…» while it is on its
    // way: «Отправить сейчас» then has nothing to send).
    await waitFor(() => {
      expect(plain(first.textContent)).toContain('Ожидает отправки');
      expect(plain(first.textContent)).toContain(NETWORK_MESSAGE);
    });
    // The network stays dead a while: the next try waits minutes (the back-off of many tries), so
    // what sends the move below is «Отправить сейчас», not the first back-off's timer.
    await db.outbox.toCollection().modify({ nextAttemptAt: Date.now() + 5 * 60_000 });
    online = true;
    fireEvent.click(screen.getByRole('button', { name: 'Отправить сейчас' }));
    // Accepted: the new status, no note of a waiting change, and the next move offered (no move is
    // offered while a change waits or is on its way).
    expect(await within(first).findByRole('button', { name: 'Выдан клиенту' })).toBeTruthy();
    expect(plain(first.textContent)).toContain('Ожидает в пункте выдачи');
    expect(plain(first.textContent)).not.toContain('новый статус');
    await waitFor(() => expect(screen.queryByText(/^Изменений статуса ждут отправки/)).toBeNull());
    // However many tries the dead network swallowed, one key throughout and one delivery.
    expect(new Set(keys).size).toBe(1);
    expect(delivered).toBe(1);
  });

  it('shows a move the server refused because the order moved meanwhile, with the reason and the status now', async () => {
    const reason = 'Статус заказа уже изменился: сейчас «Выполнен». Обновите заказ и повторите';
    const api = partnerServer(() =>
      json({ code: 'STATUS_CHANGED', message: reason, details: { currentStatus: 'COMPLETED' } }, 409),
    );
    renderApp('/crm/orders', api);
    await confirmMove('2611-00042', 'Принят в пункте выдачи');
    const alert = await within(await cardOf('2611-00042')).findByRole('alert');
    expect(plain(alert.textContent)).toContain('Изменение «Ожидает в пункте выдачи» не принято');
    expect(plain(alert.textContent)).toContain(reason);
    expect(plain(alert.textContent)).not.toContain('Сейчас у заказа статус');
    fireEvent.click(within(alert).getByRole('button', { name: 'Понятно' }));
    await waitFor(() =>
      expect(within(screen.getAllByRole('list')[0] as HTMLElement).queryByRole('alert')).toBeNull(),
    );
    expect(api.calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
  });

  it('names the status the order is in now when the server’s reason does not', async () => {
    const api = partnerServer(() =>
      json(
        {
          code: 'CONFLICT',
          message: 'Нельзя перевести заказ в этот статус',
          details: { currentStatus: 'CANCELLED' },
        },
        409,
      ),
    );
    renderApp('/crm/orders', api);
    await confirmMove('2611-00042', 'Принят в пункте выдачи');
    const alert = await within(await cardOf('2611-00042')).findByRole('alert');
    expect(plain(alert.textContent)).toContain('Нельзя перевести заказ в этот статус');
    expect(plain(alert.textContent)).toContain('Сейчас у заказа статус «Отменён».');
  });

  it('asks for three characters before searching, and keeps the search in the address', async () => {
    const api = partnerServer(() => accepted());
    const { router } = renderApp('/crm/orders', api);
    await cardOf('2611-00042');
    const field = screen.getByLabelText('Номер, имя или телефон');
    fireEvent.change(field, { target: { value: '91' } });
    fireEvent.click(screen.getByRole('button', { name: 'Найти' }));
    expect((await screen.findAllByText('Введите для поиска не меньше 3 символов')).length).toBeGreaterThan(0);
    expect(router.state.location.search).toEqual({});
    fireEvent.change(field, { target: { value: '916' } });
    expect(screen.queryByText('Введите для поиска не меньше 3 символов')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Найти' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ search: '916' }));
    await waitFor(() =>
      expect(api.calls.some((call) => new URLSearchParams(call.query).get('search') === '916')).toBe(true),
    );
  });

  it("opens an order's own card from the list: what to hand over, the moves, when it moved — no money, no email", async () => {
    const api = partnerServer(() => accepted(), {
      'GET /api/order/partner/42': () =>
        json({
          order: aRow(),
          history: [
            {
              id: 1,
              fromStatus: null,
              status: 'NEW',
              comment: null,
              createdAt: '2026-11-20T10:15:00.000Z',
              actorRole: 'USER',
            },
            {
              id: 2,
              fromStatus: 'READY',
              status: 'IN_DELIVERY',
              comment: null,
              createdAt: '2026-11-22T09:00:00.000Z',
              actorRole: 'MANAGER',
            },
          ],
          allowedStatuses: ['AT_PICKUP_POINT'],
        }),
    });
    const { router } = renderApp('/crm/orders', api);
    fireEvent.click(within(await cardOf('2611-00042')).getByRole('link', { name: 'Заказ № 2611-00042' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/orders/42'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ № 2611-00042' })).toBeTruthy();
    const card = screen.getByRole('article', { name: 'Выдача заказа' });
    expect(plain(card.textContent)).toContain('Паспорт × 2 (Нотариальное заверение)');
    expect(within(card).getByRole('link', { name: '+7 916 123-45-67' })).toBeTruthy();
    const history = plain(screen.getByRole('region', { name: 'История статусов' }).textContent);
    expect(history).toContain('Готов → Передан в доставку (Менеджер)');
    const shown = plain(screen.getByRole('heading', { level: 1 }).closest('section')?.textContent);
    expect(shown).not.toMatch(/₽|@|passport/);
    // The office's card is not asked for: a partner's answers come from its own operation.
    expect(api.calls.some((call) => call.path === '/api/order/42')).toBe(false);
    fireEvent.click(within(card).getByRole('button', { name: 'Принят в пункте выдачи' }));
    const dialog = await screen.findByRole('dialog', { name: 'Принят в пункте выдачи?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));
    await waitFor(() =>
      expect(api.calls.filter((call) => call.method === 'PATCH')[0]?.body).toEqual({
        id: 42,
        status: 'AT_PICKUP_POINT',
        expectedStatus: 'IN_DELIVERY',
      }),
    );
  });

  it('tells office staff the page is for partners', async () => {
    localStorage.clear();
    signInAs('crm', 'MANAGER');
    renderApp(
      '/crm/orders',
      partnerServer(() => accepted()),
    );
    expect(await screen.findByText('Здесь партнёры видят заказы своих пунктов выдачи.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Перейти к заявкам' })).toBeTruthy();
  });
});
