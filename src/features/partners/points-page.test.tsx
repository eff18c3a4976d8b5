// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../api/test-helpers';
import { fakeApi } from '../../testing/fake-api';
import { renderApp, signInAs } from '../../testing/render-app';
import type { PickupPoint } from './point-form';

vi.mock('../shell/update-prompt', () => ({ UpdatePrompt: () => null }));
const notify = vi.hoisted(() => vi.fn());
vi.mock('../../ui/widgets/notices', async (original) => ({
  ...(await original<typeof import('../../ui/widgets/notices')>()),
  useNotices: () => ({ notify, dismiss: vi.fn() }),
}));
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
  notify.mockReset();
});

const aPoint = (changes: Partial<PickupPoint> = {}): PickupPoint => ({
  id: 5,
  code: null,
  name: 'Тверская',
  schedule: 'Пн–Вс 10:00–21:00',
  address: 'Москва, ул. Тверская, 7',
  lat: 55.7575,
  lon: 37.6135,
  partnerId: 1,
  description: 'Вход со двора, второй этаж',
  email: null,
  phone: null,
  photos: [],
  isActive: true,
  type: 'PARTNER',
  metro: 'Охотный Ряд',
  metroColor: '#da2128',
  ...changes,
});

interface Change {
  id: number;
  action: string;
  field: string | null;
  oldValue: string | null;
  newValue: string | null;
}

/** The partner's points as the server keeps them, changed by the page's writes. */
function pointsApi() {
  let point = aPoint();
  const changes: Change[] = [];
  const record = (change: Omit<Change, 'id'>) => changes.push({ id: changes.length + 1, ...change });
  const api = fakeApi({
    'GET /api/partner': [{ id: 1, name: 'ПВЗ Экспресс', commission: 10, pointsCount: 1, isActive: true }],
    'GET /api/point/partner/1': () => json([point]),
    'PATCH /api/point/status': async (request: Request) => {
      const { isActive } = (await request.json()) as { isActive: boolean };
      record({
        action: 'UPDATED',
        field: 'isActive',
        oldValue: String(point.isActive),
        newValue: String(isActive),
      });
      point = { ...point, isActive };
      return json(point);
    },
    'PUT /api/point': async (request: Request) => {
      const body = (await request.json()) as PickupPoint;
      if (body.name !== point.name)
        record({ action: 'UPDATED', field: 'name', oldValue: point.name, newValue: body.name });
      if (body.metroColor !== point.metroColor)
        record({
          action: 'UPDATED',
          field: 'metroColor',
          oldValue: point.metroColor,
          newValue: body.metroColor,
        });
      point = { ...point, ...body };
      return json(point);
    },
    'POST /api/point/photo/5': () => {
      point = { ...point, photos: [...point.photos, '/api/files/77'] };
      record({ action: 'PHOTO_ADDED', field: null, oldValue: null, newValue: '77' });
      return json(point);
    },
    'GET /api/form-settings/changes': () =>
      json({
        items: changes.map((change) => ({
          ...change,
          entity: 'PICKUP_POINT',
          entityId: 5,
          createdAt: new Date(Date.UTC(2026, 10, 20, 10, change.id)).toISOString(),
          actorEmail: 'admin@perevod.local',
          actorRole: 'ADMIN',
        })),
        total: changes.length,
        limit: 50,
        offset: 0,
      }),
  });
  return { api, current: () => point };
}

const pointCard = () => screen.getByRole('list', { name: 'Пункты выдачи' });

describe('a partner’s pickup points', () => {
  it('asks before closing a point to customers, and opens it again on a tap', async () => {
    signInAs('crm', 'ADMIN');
    const { api, current } = pointsApi();
    renderApp('/crm/partner/1/points', api);
    await screen.findByText('Тверская');
    const close = await screen.findByRole('button', { name: 'Закрыть для клиентов пункт Тверская' });

    fireEvent.click(close);
    const question = await screen.findByRole('dialog', { name: 'Закрыть пункт «Тверская» для клиентов?' });
    expect(question.textContent).toContain('сразу пропадёт из формы заказа');
    expect(question.textContent).toContain('«Открыть для клиентов»');
    fireEvent.click(within(question).getByRole('button', { name: 'Нет, оставить открытым' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.filter((call) => call.method === 'PATCH')).toEqual([]);
    expect(current().isActive).toBe(true);

    fireEvent.click(close);
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Да, закрыть пункт' }),
    );
    const reopen = await screen.findByRole('button', { name: 'Открыть для клиентов пункт Тверская' });
    expect(current().isActive).toBe(false);
    expect(within(pointCard()).getByText(/закрыт для клиентов/)).toBeTruthy();
    expect(notify).toHaveBeenCalledWith(expect.stringMatching(/Открыть снова — кнопкой/), 'success');

    fireEvent.click(reopen);
    await screen.findByRole('button', { name: 'Закрыть для клиентов пункт Тверская' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(current().isActive).toBe(true);
  });

  it('names the metro line, never its colour code, in the list and the history', async () => {
    signInAs('crm', 'ADMIN');
    const { api } = pointsApi();
    renderApp('/crm/partner/1/points', api);
    expect(
      await within(await screen.findByRole('list', { name: 'Пункты выдачи' })).findByText(/Сокольническая/),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Изменить пункт Тверская' }));
    const form = await screen.findByRole('form', { name: 'Изменить пункт Тверская' });
    const line = within(form).getByRole('combobox', { name: /Линия метро/ });
    expect(line.textContent).toContain('1 Сокольническая');
    fireEvent.keyDown(line, { key: 'ArrowDown' });
    await screen.findByRole('option', { name: /2 Замоскворецкая/ });
    fireEvent.keyDown(line, { key: 'ArrowDown' });
    fireEvent.keyDown(line, { key: 'Enter' });
    await waitFor(() => expect(line.textContent).toContain('2 Замоскворецкая'));
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    const history = await screen.findByRole('region', { name: 'История изменений' });
    await waitFor(() => expect(history.textContent).toContain('1 Сокольническая → 2 Замоскворецкая'));
    expect(document.body.textContent).not.toMatch(/#[0-9a-f]{6}/i);
  });

  it('shows a save in the change history and a new photo at once, without reopening', async () => {
    signInAs('crm', 'ADMIN');
    const { api } = pointsApi();
    renderApp('/crm/partner/1/points', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить пункт Тверская' }));
    const history = await screen.findByRole('region', { name: 'История изменений' });
    await within(history).findByText('История пока пуста.');

    const form = screen.getByRole('form', { name: 'Изменить пункт Тверская' });
    fireEvent.change(within(form).getByLabelText('Название'), { target: { value: 'Тверская, 7' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await within(history).findByText('Тверская → Тверская, 7');

    const photo = new File(
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])],
      'vhod.png',
      {
        type: 'image/png',
      },
    );
    fireEvent.change(screen.getByLabelText('Новая фотография'), { target: { files: [photo] } });
    const add = screen.getByRole('button', { name: 'Добавить фотографию' });
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(add);
    const photos = await screen.findByRole('list', { name: 'Фотографии пункта' });
    expect(within(photos).getAllByRole('img')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Фотографии (1 из 10)' })).toBeTruthy();
    await within(history).findByText('Добавлена фотография');
  });
});
