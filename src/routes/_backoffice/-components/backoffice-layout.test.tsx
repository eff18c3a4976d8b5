// @vitest-environment happy-dom
// The back office's frame on the real route tree: the phone's «Меню», the screens a MANAGER may
// not open, the marked menu item, the notices screens raise, and the support button.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../api/test-helpers';
import { renderApp, signInAs } from '../../../testing/render-app';
import { useNotices } from '../../../ui/widgets/notices';
import { DEFAULT_SUPPORT_LINKS } from './support-links';

// The statistics screen stands in for any screen that raises a notice after a change.
vi.mock('../../../features/stats/stats-page', () => ({
  StatsPage: () => {
    const { notify } = useNotices();
    return (
      <>
        <h1>Статистика</h1>
        <button type="button" onClick={() => notify('Статус изменён', 'success')}>
          Изменить
        </button>
      </>
    );
  },
}));

const server = () => json({ documents: [], assurances: [], deliveries: [], languages: [] });

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

async function open(path: string, role: string) {
  signInAs('crm', role, { email: 'staff@perevod.local' });
  const view = renderApp(path, server);
  await screen.findByRole('heading', { level: 1 });
  return view;
}

describe('back-office frame', () => {
  it('opens the whole menu of the role from «Меню», marks the page, and closes on a choice', async () => {
    const view = await open('/crm/monitoring/queue', 'ADMIN');
    const toggle = screen.getByRole('button', { name: 'Меню' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const dialog = within(await screen.findByRole('dialog', { name: 'Меню' }));
    const menu = within(dialog.getByRole('navigation', { name: 'Меню бэк-офиса' }));
    expect(menu.getAllByRole('link')).toHaveLength(12);
    expect(menu.getByRole('link', { name: 'Документы для клиентов' }).getAttribute('href')).toBe(
      '/crm/documents',
    );
    expect(menu.getByRole('link', { name: 'Мониторинг' }).getAttribute('aria-current')).toBe('page');
    expect(menu.getByRole('link', { name: 'Офисы' }).getAttribute('aria-current')).toBeNull();
    fireEvent.click(menu.getByRole('link', { name: 'Офисы' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/crm/offices'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes «Меню» when the window widens to show the side menu beside the page', async () => {
    const wide = Object.assign(new EventTarget(), { matches: false });
    vi.spyOn(window, 'matchMedia').mockReturnValue(wide as unknown as MediaQueryList);
    await open('/crm/home', 'ADMIN');
    fireEvent.click(screen.getByRole('button', { name: 'Меню' }));
    await screen.findByRole('dialog', { name: 'Меню' });
    wide.matches = true;
    act(() => {
      wide.dispatchEvent(new Event('change'));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('marks Заявки in the side menu on an order card, the screen staff open it from', async () => {
    await open('/crm/orders/15', 'MANAGER');
    const [sideMenu] = screen.getAllByRole('navigation', { name: 'Меню бэк-офиса' });
    const marked = within(sideMenu as HTMLElement)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(marked.map((link) => link.textContent)).toEqual(['Заявки']);
  });

  it.each([
    '/crm/stats',
    '/crm/users',
    '/crm/partner',
    '/crm/tariffs/2',
    '/crm/offices',
    '/crm/form-settings',
  ])('sends a MANAGER who types %s to /no-access: only ADMIN has it in the menu', async (path) => {
    signInAs('crm', 'MANAGER');
    const view = renderApp(path, server);
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/no-access'));
  });

  it('shows the notice a screen raises with useNotices()', async () => {
    await open('/crm/stats', 'ADMIN');
    fireEvent.click(screen.getByRole('button', { name: 'Изменить' }));
    const text = await screen.findByText('Статус изменён');
    expect(text.closest('[role="status"]')).not.toBeNull();
  });

  it('offers the support chats inside «Меню», where a phone finds them', async () => {
    await open('/crm/monitoring', 'MANAGER');
    fireEvent.click(screen.getByRole('button', { name: 'Меню' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Меню' }));
    const chats = within(dialog.getByRole('region', { name: 'Поддержка' }));
    expect(chats.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      DEFAULT_SUPPORT_LINKS.telegram,
      DEFAULT_SUPPORT_LINKS.whatsapp,
    ]);
  });

  it('offers the support chats from the floating button', async () => {
    await open('/crm/stats', 'ADMIN');
    fireEvent.click(screen.getByRole('button', { name: 'Поддержка' }));
    const chats = within(await screen.findByRole('region', { name: 'Напишите нам' }));
    expect(chats.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      DEFAULT_SUPPORT_LINKS.telegram,
      DEFAULT_SUPPORT_LINKS.whatsapp,
    ]);
  });
});
