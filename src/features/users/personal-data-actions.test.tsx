// @vitest-environment happy-dom
/** /crm/users: a customer's data on a written request — its copy, its erasure with the request's note. */
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../api/test-helpers';
import { fakeApi } from '../../testing/fake-api';
import { renderApp, signInAs } from '../../testing/render-app';
import type { User } from './user-rules';

vi.mock('../shell/update-prompt', () => ({ UpdatePrompt: () => null }));
const notify = vi.hoisted(() => vi.fn());
vi.mock('../../ui/widgets/notices', async (original) => ({
  ...(await original<typeof import('../../ui/widgets/notices')>()),
  useNotices: () => ({ notify, dismiss: vi.fn() }),
}));
configure({ asyncUtilTimeout: 5000 });

const boris: User = {
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
};

const erasure = {
  erasedAt: '2026-11-21T10:15:00.000Z',
  requestedBy: 'STAFF' as const,
  actorEmail: 'admin@perevod.local',
  note: 'заявление от 12.11.2026',
  orders: 3,
  scans: 5,
  filesRemovedAt: '2026-11-21T10:15:01.000Z',
};

const shell: User = {
  ...boris,
  email: null,
  phoneNumber: null,
  firstName: null,
  lastName: null,
  erasure,
};

function api(first: User) {
  let users = [first];
  return fakeApi({
    'GET /api/user/list': () => json({ items: users, total: users.length, limit: 20, offset: 0 }),
    'GET /api/admin/access-requests': [],
    'GET /api/user/invitations': [],
    'GET /api/user/7/history': [],
    'GET /api/partner': [],
    'GET /api/admin/personal-data/7': () =>
      new Response(new Uint8Array([0x50, 0x4b, 5, 6]), {
        headers: {
          'content-type': 'application/zip',
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('Данные клиента 7 2026-11-21.zip')}`,
        },
      }),
    'POST /api/admin/personal-data/7/erase': () => {
      users = [shell];
      return json(erasure);
    },
  });
}

let saved: string[] = [];
beforeEach(() => {
  signInAs('crm', 'ADMIN');
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:archive');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
  notify.mockReset();
});

const openPanel = async (name: string) => {
  fireEvent.click(await screen.findByRole('button', { name: `Управлять: ${name}` }));
  return within(await screen.findByRole('dialog', { name }));
};

describe('a customer’s personal data in /crm/users', () => {
  it('downloads the customer’s archive', async () => {
    renderApp('/crm/users', api(boris));
    const panel = await openPanel('Борис Ковалёв');
    const section = within(panel.getByRole('region', { name: 'Персональные данные' }));
    fireEvent.click(section.getByRole('button', { name: 'Выгрузить данные' }));
    expect(await section.findByText('Архив «Данные клиента 7 2026-11-21.zip» скачан')).toBeTruthy();
    expect(saved).toEqual(['Данные клиента 7 2026-11-21.zip']);
  });

  it('erases only with the written request’s note, then shows the record instead of the actions', async () => {
    const server = api(boris);
    renderApp('/crm/users', server);
    const panel = await openPanel('Борис Ковалёв');
    fireEvent.click(panel.getByRole('button', { name: 'Удалить персональные данные' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Удалить персональные данные: Борис Ковалёв?' }),
    );
    expect(dialog.getByText(/Оплаты, возвраты, счета и акты/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Удалить данные клиента' }));
    expect(await dialog.findByText('Есть ошибки')).toBeTruthy();
    expect(dialog.getAllByText('Укажите заявление, по которому удаляются данные')).toHaveLength(2);
    expect(server.calls.some((call) => call.path.endsWith('/erase'))).toBe(false);

    fireEvent.change(dialog.getByLabelText('Основание: письменное заявление клиента'), {
      target: { value: 'заявление от 12.11.2026' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Удалить данные клиента' }));
    await waitFor(() =>
      expect(server.calls.find((call) => call.path === '/api/admin/personal-data/7/erase')?.body).toEqual({
        note: 'заявление от 12.11.2026',
        confirm: true,
      }),
    );
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'Персональные данные Борис Ковалёв удалены: заказов сохранено 3, сканов удалено 5',
        'success',
      ),
    );
    // The panel now holds the erased account: its record, none of the actions.
    const erased = within(await screen.findByRole('dialog', { name: 'Клиент № 7, данные удалены' }));
    expect(erased.getByText(/Сканов удалено: 5\./)).toBeTruthy();
    expect(erased.queryByRole('button', { name: 'Удалить персональные данные' })).toBeNull();
    // Behind it, the list's row has its badge (the panel hides the list from the accessibility tree).
    await waitFor(() => expect(document.body.textContent).toMatch(/Данные удалены 21 нояб\. 2026/));
  });

  it('shows an erased account’s record, with none of the actions that would bring it back', async () => {
    renderApp('/crm/users', api(shell));
    const panel = await openPanel('Клиент № 7, данные удалены');
    expect(
      panel.getByText(
        /Персональные данные удалены .* по письменному заявлению \(«заявление от 12\.11\.2026»\), выполнил admin@perevod\.local\./,
      ),
    ).toBeTruthy();
    expect(panel.queryByRole('button', { name: 'Удалить персональные данные' })).toBeNull();
    expect(panel.queryByRole('region', { name: 'Роль' })).toBeNull();
    expect(panel.queryByRole('region', { name: 'Вход по логину и паролю' })).toBeNull();
    expect(panel.queryByRole('button', { name: 'Удалить пользователя' })).toBeNull();
    expect(panel.getByRole('region', { name: 'История изменений' })).toBeTruthy();
  });
});
