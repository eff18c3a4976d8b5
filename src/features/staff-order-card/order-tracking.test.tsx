// @vitest-environment happy-dom
// The order card's tracking line: whether the customer gets Telegram, the link, and its revocation.
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../testing/fake-api';
import { renderApp, signInAs } from '../../testing/render-app';
import { aStaffDetail, aStaffTracking } from './test-fixtures';

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
  notify.mockReset();
});

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe("the order card's tracking line", () => {
  it('says whether the customer gets Telegram and offers the link; a revoked link is replaced at once', async () => {
    signInAs('crm', 'MANAGER');
    let tracking = aStaffTracking({ telegramChats: 2, telegramSince: '2026-11-20T10:17:00.000Z' });
    const api = fakeApi({
      'GET /api/order/42/consent': { consent: null },
      'GET /api/order/42': aStaffDetail(),
      'GET /api/order/42/tracking': () =>
        new Response(JSON.stringify(tracking), { headers: { 'content-type': 'application/json' } }),
      'POST /api/order/42/tracking/revoke': () => {
        tracking = aStaffTracking({
          trackingUrl: 'https://perevod.example.ru/track/Zq1Wn7Tb0yXc4Lm9Hv2Rk8Ds5Fa3Jg6Pe0Ui1Oo2Ty',
          revokedLinks: 1,
        });
        return new Response(JSON.stringify(tracking), { headers: { 'content-type': 'application/json' } });
      },
    });
    renderApp('/crm/orders/42', api);
    const line = await screen.findByRole('region', { name: 'Отслеживание и Telegram' });
    await waitFor(() =>
      expect(plain(line.textContent)).toContain(
        'Клиент получает статусы в Telegram с 20 нояб. 2026 г. (2 чата)',
      ),
    );
    expect(within(line).getByRole('link', { name: /\/track\/8cY2Hq0v/ })).toBeTruthy();

    fireEvent.click(within(line).getByRole('button', { name: 'Отозвать ссылку' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Да, отозвать' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('Ссылка отозвана: новая — в карточке заказа', 'success'),
    );
    await waitFor(() => expect(within(line).getByRole('link', { name: /\/track\/Zq1Wn7/ })).toBeTruthy());
    expect(plain(line.textContent)).toContain('Клиент не получает статусы в Telegram');
    expect(plain(line.textContent)).toContain('Отозвано ссылок1');
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/order/42/tracking/revoke',
    ]);
  });
});
