// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../api/test-helpers';
import { fakeApi } from '../../testing/fake-api';
import { renderApp, signInAs } from '../../testing/render-app';
import type { CronQueueInfo, MonitoringDashboard, QueueJob } from './monitoring-types';

vi.mock('../shell/update-prompt', () => ({ UpdatePrompt: () => null }));
const notify = vi.hoisted(() => vi.fn());
vi.mock('../../ui/widgets/notices', async (original) => ({
  ...(await original<typeof import('../../ui/widgets/notices')>()),
  useNotices: () => ({ notify, dismiss: vi.fn() }),
}));
configure({ asyncUtilTimeout: 5000 });
// Each test renders the whole app; on a busy machine that alone takes seconds.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
  notify.mockReset();
});

const NOW = Date.now();
const LONG_ERROR = `СДЭК ответил ошибкой 502: ${'upstream connect error or disconnect/reset before headers; '.repeat(6)}`;

const job = (changes: Partial<QueueJob> = {}): QueueJob => ({
  id: '3f0c2a1e-5b6d-4c7e-8f90-a1b2c3d4e5f6',
  name: 'create-delivery',
  queue: 'sync-tasks',
  data: { orderId: 42 },
  delay: 0,
  timestamp: NOW - 600_000,
  opts: { delay: 0 },
  processedOn: NOW - 500_000,
  finishedOn: NOW - 400_000,
  failedReason: LONG_ERROR,
  state: 'failed',
  attemptsMade: 7,
  attemptsAllowed: 7,
  lastError: LONG_ERROR,
  ...changes,
});

const dashboard: MonitoringDashboard = {
  problematicOrders: [
    {
      orderId: 42,
      orderNumber: '2611-00042',
      errorCount: 7,
      lastError: LONG_ERROR,
      lastErrorAt: new Date(NOW).toISOString(),
    },
  ],
  orderStats: [{ status: 'NEW', count: 3 }],
  eventStats: [{ eventType: 'send-email', successful: 10, total: 12 }],
  totals: {
    orders: 3,
    ordersWithErrors: 1,
    emailsSent: 10,
    deliveriesCreated: 0,
    unreadMessages: 2,
    ordersAwaitingReply: 1,
    overdueOrders: 2,
    dueToday: 1,
  },
  jobsByHour: Array.from({ length: 24 }, (_, i) => ({
    hour: new Date(NOW - (23 - i) * 3_600_000).toISOString(),
    completed: i,
    failed: i % 5 === 0 ? 1 : 0,
  })),
  integrations: {
    courier: {
      name: 'СДЭК',
      configured: false,
      message: 'Не настроено: нужен договор со СДЭК',
    },
    payments: { name: 'ЮKassa', configured: true, message: 'Подключена' },
  },
  refunds: [
    {
      orderId: 43,
      orderNumber: '2611-00043',
      amount: 1500,
      status: 'PENDING',
      reason: 'Бюро не успевает к сроку',
      error: 'ЮKassa ещё обрабатывает возврат: спросим снова',
      createdAt: new Date(NOW - 3_600_000).toISOString(),
      doneAt: null,
    },
    {
      orderId: 44,
      orderNumber: '2611-00044',
      amount: 900,
      status: 'FAILED',
      reason: 'Клиент отказался',
      error: 'insufficient_funds',
      createdAt: new Date(NOW - 7_200_000).toISOString(),
      doneAt: new Date(NOW - 7_000_000).toISOString(),
    },
  ],
};

describe('the monitoring dashboard', () => {
  it('shows a MANAGER the figures, customers’ unread messages among them, and the problem orders, without the queue and cron tabs', async () => {
    signInAs('crm', 'MANAGER');
    renderApp(
      '/crm/monitoring',
      fakeApi({ 'GET /api/admin/order-monitoring/dashboard': { success: true, data: dashboard } }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Мониторинг заказов' })).toBeTruthy();
    const figures = within(await screen.findByRole('list', { name: 'Показатели' })).getAllByRole('listitem');
    expect(figures.map((item) => item.textContent)).toEqual([
      'Всего заказов3',
      'Просрочено заказов2',
      'Сдать сегодня1',
      'Заказы с ошибками за 24 ч1',
      'Писем отправлено за 24 ч10',
      'Доставок создано за 24 ч0',
      'Непрочитанных сообщений клиентов2',
      'Заказов ждут ответа клиенту1',
    ]);
    expect(screen.getByRole('link', { name: 'Заказ № 2611-00042' }).getAttribute('href')).toBe(
      '/crm/monitoring/order/42',
    );
    expect(screen.getByText(/нужен договор со СДЭК/)).toBeTruthy();
    // Refunds the provider has not finished or refused, each leading to its order's card.
    const refunds = within(screen.getByRole('region', { name: 'Возвраты в обработке и с ошибкой' }));
    const shown = refunds.getAllByRole('listitem').map((item) => item.textContent?.replace(/\s/g, ' '));
    expect(shown[0]).toContain('1 500 ₽ — в обработке');
    expect(shown[0]).toContain('ЮKassa ещё обрабатывает возврат');
    expect(shown[1]).toContain('900 ₽ — ошибка');
    expect(shown[1]).toContain('insufficient_funds');
    expect(refunds.getByRole('link', { name: 'Заказ № 2611-00044' }).getAttribute('href')).toBe(
      '/crm/orders/44',
    );
    const tabs = within(screen.getByRole('navigation', { name: 'Разделы мониторинга' })).getAllByRole('link');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Заказы']);
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(
      /^За 24 часа выполнено задач: 276, с ошибкой: 5/,
    );
  });

  it('refuses an empty search and opens the order found by number', async () => {
    signInAs('crm', 'ADMIN');
    const api = fakeApi({
      'GET /api/admin/order-monitoring/dashboard': { success: true, data: dashboard },
      'GET /api/admin/order-monitoring/order/2611-00042': (_request: Request) =>
        json({ code: 'NOT_FOUND', message: 'Заказ «2611-00042» не найден' }, 404),
    });
    renderApp('/crm/monitoring', api);
    const open = await screen.findByRole('button', { name: 'Открыть' });
    fireEvent.click(open);
    expect(await screen.findByText('Введите номер или id заказа')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Номер или id заказа/), { target: { value: '№ 2611-00042' } });
    fireEvent.click(open);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Мониторинг заказа № 2611-00042' }),
    ).toBeTruthy();
    expect(await screen.findByText('Заказ «2611-00042» не найден. Проверьте номер или id.')).toBeTruthy();
  });
});

describe('the queue page', () => {
  const info = {
    success: true,
    data: { isConnected: true, waiting: 2, active: 1, completed: 57, failed: 1, delayed: 3 },
  };

  it('lists the failed jobs behind their card, with the error and a retry', async () => {
    signInAs('crm', 'ADMIN');
    const api = fakeApi({
      'GET /api/admin/queue/info': info,
      'GET /api/admin/queue/jobs/failed': { success: true, data: [job()], total: 1 },
      'POST /api/admin/queue/job/sync-tasks/3f0c2a1e-5b6d-4c7e-8f90-a1b2c3d4e5f6/retry': {
        success: true,
        message: 'Задача поставлена на повтор',
      },
    });
    renderApp('/crm/monitoring/queue', api);
    const failedCard = await screen.findByRole('button', { name: /Ошибки за 24 ч/ });
    expect(screen.getByText('Онлайн')).toBeTruthy();
    fireEvent.click(failedCard);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Ошибки за 24 ч/ }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
    const list = await screen.findByRole('heading', { name: 'С ошибкой за 24 часа (1)' });
    expect(list).toBeTruthy();
    expect(screen.getByText('ОШИБКА')).toBeTruthy();
    expect(screen.getByText(/^Ошибка: СДЭК ответил ошибкой 502/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Задача поставлена на повтор', 'success'));
    expect(api.calls.some((c) => c.method === 'POST' && c.path.endsWith('/retry'))).toBe(true);
  });

  it("finds an order's tasks and cancels the active ones after asking first", async () => {
    signInAs('crm', 'ADMIN');
    const tasks = [
      job({
        id: 'a',
        name: 'send-email',
        queue: 'notification-tasks',
        state: 'created',
        failedReason: null,
        lastError: null,
        processedOn: null,
        finishedOn: null,
        delay: 3_600_000,
        attemptsMade: 0,
      }),
      job({
        id: 'b',
        name: 'change-status',
        queue: 'order-processing',
        state: 'completed',
        failedReason: null,
        lastError: null,
      }),
    ];
    const api = fakeApi({
      'GET /api/admin/queue/info': info,
      'GET /api/admin/queue/order/2611-00042': { success: true, data: tasks, total: 2 },
      'DELETE /api/admin/queue/order/2611-00042': {
        success: true,
        message: 'Отменено задач заказа № 2611-00042: 1',
      },
    });
    renderApp('/crm/monitoring/queue', api);
    fireEvent.change(await screen.findByLabelText(/Номер или id заказа/), {
      target: { value: '2611-00042' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Найти задачи' }));
    expect(await screen.findByText('ЗАПЛАНИРОВАНО')).toBeTruthy();
    expect(screen.getByText('ЗАВЕРШЕНО')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Отменить все активные задачи (1)' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Отменить все активные задачи для заказа #2611-00042?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Да, отменить' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('Отменено задач заказа № 2611-00042: 1', 'success'),
    );
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/admin/queue/order/2611-00042',
    ]);
  });

  it('says when an order has no tasks', async () => {
    signInAs('crm', 'ADMIN');
    renderApp(
      '/crm/monitoring/queue?order=777',
      fakeApi({
        'GET /api/admin/queue/info': info,
        'GET /api/admin/queue/order/777': { success: true, data: [], total: 0 },
      }),
    );
    expect(await screen.findByText('Задач для данного заказа не найдено')).toBeTruthy();
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Задач для данного заказа не найдено', 'info'));
  });
});

describe('the periodic jobs page', () => {
  const card = (changes: Partial<CronQueueInfo>): CronQueueInfo => ({
    repeatableJobs: 1,
    waiting: 0,
    active: 0,
    completed: 12,
    failed: 0,
    error: null,
    title: 'Проверка оплат заказов у платёжного сервиса',
    notice: null,
    lastRunAt: new Date(NOW).toISOString(),
    lastError: null,
    lastSummary: 'Проверено заказов: 4, оплачено: 1',
    jobs: [
      {
        id: 'check-new-paid-orders',
        name: 'check-new-paid-orders',
        cron: '*/10 * * * *',
        next: new Date(NOW + 60_000).toISOString(),
        timezone: 'Europe/Moscow',
      },
    ],
    ...changes,
  });

  it('shows each queue and its schedule in words, an error in place of its figures, and clears all after the question', async () => {
    signInAs('crm', 'ADMIN');
    const api = fakeApi({
      'GET /api/admin/cron/info': {
        success: true,
        data: {
          'check-new-paid-orders': card({}),
          'sync-pickup-points': card({
            title: 'Обновление пунктов выдачи СДЭК',
            repeatableJobs: 0,
            jobs: [],
            notice: 'СДЭК не подключён',
            lastRunAt: null,
            lastSummary: null,
          }),
          backups: card({
            title: null,
            error: 'Не удалось прочитать очередь: timeout',
            jobs: [],
            lastRunAt: null,
            lastSummary: null,
          }),
        },
      },
      'DELETE /api/admin/cron/all': { success: true, message: 'Периодические задачи удалены — 5' },
    });
    renderApp('/crm/monitoring/cron', api);
    expect(await screen.findByText('Проверено заказов: 4, оплачено: 1')).toBeTruthy();
    expect(screen.getByText('СДЭК не подключён')).toBeTruthy();
    expect(screen.getByText('Не удалось прочитать очередь: timeout')).toBeTruthy();
    // The schedule in words: no cron fields, no job ids, no zone names.
    expect(screen.getByText('Расписание: каждые 10 минут')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\*\/10|check-new-paid-orders|Europe\/Moscow/);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить все' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Вы уверены, что хотите удалить все периодические задачи?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Да, удалить все' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Периодические задачи удалены — 5', 'success'));
  });
});
