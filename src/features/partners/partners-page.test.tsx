// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../api/test-helpers';
import { fakeApi } from '../../testing/fake-api';
import { renderApp, signInAs } from '../../testing/render-app';

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
  notify.mockReset();
});

describe('adding a partner', () => {
  it('closes the panel after the partner is added, and the next add starts empty', async () => {
    signInAs('crm', 'ADMIN');
    let partners: { id: number; name: string; commission: number; isActive: boolean; pointsCount: number }[] =
      [];
    const api = fakeApi({
      'GET /api/partner': () => json(partners),
      'POST /api/partner': async (request: Request) => {
        const body = (await request.json()) as { name: string; commission: number };
        const partner = { id: 3, isActive: true, pointsCount: 0, ...body };
        partners = [partner];
        return json(partner, 201);
      },
    });
    renderApp('/crm/partner', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Добавить партнёра' }));
    const panel = await screen.findByRole('dialog', { name: 'Новый партнёр' });
    fireEvent.change(within(panel).getByLabelText('Название'), { target: { value: 'ПВЗ Экспресс' } });
    fireEvent.change(within(panel).getByLabelText('Комиссия, %'), { target: { value: '12,5' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Добавить партнёра' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Новый партнёр' })).toBeNull());
    expect(notify).toHaveBeenCalledWith(expect.stringMatching(/^Партнёр «ПВЗ Экспресс» добавлен/), 'success');
    expect(
      await within(screen.getByRole('list', { name: 'Партнёры' })).findByText('ПВЗ Экспресс'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить партнёра' }));
    const again = await screen.findByRole('dialog', { name: 'Новый партнёр' });
    expect((within(again).getByLabelText('Название') as HTMLInputElement).value).toBe('');
    expect((within(again).getByLabelText('Комиссия, %') as HTMLInputElement).value).toBe('');
  });
});
