// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../api/test-helpers';
import { fakeApi } from '../../testing/fake-api';
import { renderApp, setOnline, signInAs } from '../../testing/render-app';
import type { AccessRequest, User } from './user-rules';

vi.mock('../shell/update-prompt', () => ({ UpdatePrompt: () => null }));
const notify = vi.hoisted(() => vi.fn());
vi.mock('../../ui/widgets/notices', async (original) => ({
  ...(await original<typeof import('../../ui/widgets/notices')>()),
  useNotices: () => ({ notify, dismiss: vi.fn() }),
}));
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
  notify.mockReset();
});

const aUser = (changes: Partial<User> = {}): User => ({
  id: 7,
  email: 'boris@example.ru',
  login: null,
  phoneNumber: '+7 916 000-11-22',
  firstName: 'Борис',
  lastName: 'Ковалёв',
  role: 'USER',
  partnerId: null,
  partnerName: null,
  isBlocked: false,
  blockReason: null,
  createdAt: '2026-11-20T10:15:00.000Z',
  lastLoginAt: null,
  erasure: null,
  ...changes,
});

const aRequest: AccessRequest = {
  id: 3,
  email: 'vera@example.ru',
  name: 'Вера Новикова',
  reason: 'Новый менеджер офиса на Тверской',
  status: 'PENDING',
  createdAt: '2026-11-20T09:00:00.000Z',
  decidedAt: null,
  rejectReason: null,
  userId: 9,
};

const page = (items: User[]) => ({ items, total: items.length, limit: 20, offset: 0 });

function usersApi(options: { users?: User[]; requests?: AccessRequest[] } = {}) {
  let users = options.users ?? [aUser()];
  let requests = options.requests ?? [];
  let invitations: unknown[] = [];
  const api = fakeApi({
    'GET /api/user/list': (_request: Request, url: URL) => {
      const search = url.searchParams.get('search');
      const role = url.searchParams.get('role');
      return json(
        page(
          users.filter((user) => (!search || user.email?.includes(search)) && (!role || user.role === role)),
        ),
      );
    },
    'GET /api/admin/access-requests': () => json(requests),
    'GET /api/user/7/history': [],
    'GET /api/partner': [{ id: 1, name: 'ПВЗ Экспресс', commission: 10, pointsCount: 18 }],
    'POST /api/user/block': async (request: Request) => {
      const body = (await request.json()) as { reason: string };
      users = users.map((user) => ({ ...user, isBlocked: true, blockReason: body.reason }));
      return json(users[0]);
    },
    'GET /api/admin/generate-password': { password: 'q7R-xm2K-Lp9v' },
    'POST /api/user/set-credentials': (request: Request) => request.json().then(() => json(users[0])),
    'DELETE /api/user/7': () => {
      users = [];
      return new Response(null, { status: 204 });
    },
    'GET /api/user/invitations': () => json(invitations),
    'POST /api/user/invite': async (request: Request) => {
      const body = (await request.json()) as {
        email: string;
        name: string;
        role: 'PARTNER';
        partnerId?: number;
      };
      const invitation = {
        id: 5,
        ...body,
        partnerId: body.partnerId ?? null,
        partnerName: body.partnerId ? 'ПВЗ Экспресс' : null,
        expiresAt: '2026-11-23T10:00:00.000Z',
        createdAt: '2026-11-20T10:00:00.000Z',
        invitedByEmail: 'admin@perevod.local',
      };
      invitations = [invitation];
      return json(invitation, 201);
    },
    'POST /api/admin/access-requests/3/approve': () => {
      requests = [];
      return json({ ...aRequest, status: 'APPROVED' });
    },
  });
  return api;
}

const openPanel = async (name = 'Борис Ковалёв') => {
  fireEvent.click(await screen.findByRole('button', { name: `Управлять: ${name}` }));
  return screen.findByRole('dialog', { name });
};

describe('the users screen', () => {
  it('lists users with their role and searches on the server', async () => {
    signInAs('crm', 'ADMIN');
    const api = usersApi({
      users: [aUser(), aUser({ id: 8, email: 'gleb@example.ru', firstName: 'Глеб', role: 'MANAGER' })],
    });
    renderApp('/crm/users', api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Пользователи' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Пользователи — Бюро переводов'));
    const list = await screen.findByRole('list', { name: 'Пользователи' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list.textContent).toContain('Менеджер');
    fireEvent.change(screen.getByLabelText('Поиск'), { target: { value: 'gleb' } });
    fireEvent.click(screen.getByRole('button', { name: 'Найти' }));
    await waitFor(() => expect(api.calls.some((call) => call.query.includes('search=gleb'))).toBe(true));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Пользователи' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
  });

  it('blocks only with a reason: the summary and the field say so first', async () => {
    signInAs('crm', 'ADMIN');
    const api = usersApi();
    renderApp('/crm/users', api);
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole('button', { name: 'Заблокировать' }));
    const summary = await within(panel).findByRole('alert');
    expect(summary.textContent).toContain('Укажите причину блокировки');
    expect(api.calls.some((call) => call.path === '/api/user/block')).toBe(false);
    fireEvent.change(within(panel).getByLabelText(/Причина блокировки/), { target: { value: 'Спам' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Заблокировать' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/api/user/block')?.body).toEqual({
        id: 7,
        reason: 'Спам',
      }),
    );
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('Пользователь заблокирован, его сеансы завершены', 'success'),
    );
    expect(await within(panel).findByRole('button', { name: 'Разблокировать' })).toBeTruthy();
  });

  it('generates a password of 12 characters and saves it with the login', async () => {
    signInAs('crm', 'ADMIN');
    const api = usersApi();
    renderApp('/crm/users', api);
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole('button', { name: 'Сгенерировать' }));
    await waitFor(() =>
      expect((within(panel).getByLabelText(/Новый пароль/) as HTMLInputElement).value).toBe('q7R-xm2K-Lp9v'),
    );
    expect(api.calls.find((call) => call.path === '/api/admin/generate-password')?.query).toBe('?length=12');
    fireEvent.click(within(panel).getByRole('button', { name: 'Сохранить логин и пароль' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/api/user/set-credentials')?.body).toEqual({
        id: 7,
        login: 'boris@example.ru',
        password: 'q7R-xm2K-Lp9v',
      }),
    );
  });

  it('deletes a user only after the confirmation', async () => {
    signInAs('crm', 'ADMIN');
    const api = usersApi();
    renderApp('/crm/users', api);
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole('button', { name: 'Удалить пользователя' }));
    const confirm = await screen.findByRole('dialog', { name: 'Удалить пользователя Борис Ковалёв?' });
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Да, удалить' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Пользователь Борис Ковалёв удалён', 'success'));
    expect(api.calls.some((call) => call.method === 'DELETE' && call.path === '/api/user/7')).toBe(true);
  });

  it('approves an access request with a login and a staff role', async () => {
    signInAs('crm', 'ADMIN');
    const api = usersApi({ requests: [aRequest] });
    renderApp('/crm/users', api);
    const request = await screen.findByRole('article', { name: 'Заявка vera@example.ru' });
    expect(request.textContent).toContain('Новый менеджер офиса на Тверской');
    fireEvent.click(within(request).getByRole('button', { name: 'Одобрить' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/api/admin/access-requests/3/approve')?.body).toEqual({
        login: 'vera@example.ru',
        role: 'MANAGER',
      }),
    );
    expect(await screen.findByText('Новых заявок нет')).toBeTruthy();
  });

  it('approves a request as a partner only with the partner chosen, and names the requester', async () => {
    signInAs('crm', 'ADMIN');
    const api = usersApi({ requests: [aRequest] });
    renderApp('/crm/users', api);
    const request = await screen.findByRole('article', { name: 'Заявка vera@example.ru' });
    fireEvent.change(within(request).getByRole('combobox', { name: 'Роль' }), {
      target: { value: 'PARTNER' },
    });
    fireEvent.click(within(request).getByRole('button', { name: 'Одобрить' }));
    expect(
      (await within(request).findAllByText('Выберите партнёра, у которого работает сотрудник')).length,
    ).toBe(2);
    expect(api.calls.some((call) => call.path.endsWith('/approve'))).toBe(false);
    await within(request).findByRole('option', { name: 'ПВЗ Экспресс' });
    fireEvent.change(within(request).getByRole('combobox', { name: /^Партнёр/ }), { target: { value: '1' } });
    fireEvent.click(within(request).getByRole('button', { name: 'Одобрить' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/api/admin/access-requests/3/approve')?.body).toEqual({
        login: 'vera@example.ru',
        role: 'PARTNER',
        partnerId: 1,
      }),
    );
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'Заявка Вера Новикова (vera@example.ru) одобрена: Партнёр «ПВЗ Экспресс»',
        'success',
      ),
    );
  });

  it('invites a staff member by email: a partner needs the partner, and the invitation is listed', async () => {
    signInAs('crm', 'ADMIN');
    const api = usersApi();
    renderApp('/crm/users', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Пригласить сотрудника' }));
    const invite = screen.getByRole('form', { name: 'Пригласить сотрудника' });
    fireEvent.click(within(invite).getByRole('button', { name: 'Отправить приглашение' }));
    const summary = await within(invite).findByRole('alert');
    expect(summary.textContent).toContain('Введите email');
    expect(summary.textContent).toContain('Введите имя сотрудника');
    fireEvent.change(within(invite).getByLabelText(/^Email сотрудника/), {
      target: { value: 'pvz@example.ru' },
    });
    fireEvent.change(within(invite).getByLabelText('Имя и фамилия'), { target: { value: 'Пётр Пунктов' } });
    fireEvent.change(within(invite).getByRole('combobox', { name: 'Роль' }), {
      target: { value: 'PARTNER' },
    });
    fireEvent.click(within(invite).getByRole('button', { name: 'Отправить приглашение' }));
    expect(
      await within(invite).findAllByText('Выберите партнёра, у которого работает сотрудник'),
    ).toHaveLength(2);
    await within(invite).findByRole('option', { name: 'ПВЗ Экспресс' });
    fireEvent.change(within(invite).getByRole('combobox', { name: /^Партнёр/ }), { target: { value: '1' } });
    fireEvent.click(within(invite).getByRole('button', { name: 'Отправить приглашение' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/api/user/invite')?.body).toEqual({
        email: 'pvz@example.ru',
        name: 'Пётр Пунктов',
        role: 'PARTNER',
        partnerId: 1,
      }),
    );
    const waiting = await screen.findByRole('list', { name: 'Ждут ответа' });
    expect(waiting.textContent).toContain('Пётр Пунктов · pvz@example.ru · Партнёр «ПВЗ Экспресс»');
    expect(notify).toHaveBeenCalledWith(
      'Приглашение отправлено на pvz@example.ru: ссылка действует 72 часа',
      'success',
    );
  });

  it('opens offline from the stored copy with its age; changes say they need the network', async () => {
    signInAs('crm', 'ADMIN');
    const first = renderApp('/crm/users', usersApi());
    await screen.findByRole('button', { name: 'Управлять: Борис Ковалёв' });
    await waitFor(async () =>
      expect(await first.db.cache.where('operation').equals('/api/user/list').count()).toBe(1),
    );
    first.unmount();
    setOnline(false);
    renderApp('/crm/users', () => Promise.reject(new TypeError('Failed to fetch')), first.db);
    const panel = await openPanel();
    expect(screen.getByText(/Нет сети — показаны сохранённые данные/)).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Заблокировать' })).toHaveProperty('disabled', true);
    expect(within(panel).getAllByText(/изменения сохраняются только онлайн/).length).toBeGreaterThan(0);
  });
});
