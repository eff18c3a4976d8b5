// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../api/test-helpers';
import { fakeApi } from '../../testing/fake-api';
import { renderApp, signInAs } from '../../testing/render-app';

vi.mock('../shell/update-prompt', () => ({ UpdatePrompt: () => null }));
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function pushApi() {
  return fakeApi({
    'GET /api/notifications/sent': { items: [], total: 0, limit: 10, offset: 0 },
    'POST /api/notifications/send': () => json({ messageId: 7, recipients: 3, devices: 0 }, 202),
  });
}

function write(form: HTMLElement) {
  fireEvent.change(within(form).getByLabelText('Заголовок'), { target: { value: 'Новогодний график' } });
  fireEvent.change(within(form).getByLabelText('Текст'), {
    target: { value: '31 декабря офисы работают до 15:00.' },
  });
}

describe('a staff message', () => {
  it('to everyone is asked once more, and its result is said in words', async () => {
    signInAs('crm', 'ADMIN');
    const api = pushApi();
    renderApp('/crm/push-notifications', api);
    const form = await screen.findByRole('form', { name: 'Новое сообщение' });
    write(form);
    expect((within(form).getByRole('radio', { name: /Все пользователи/ }) as HTMLInputElement).checked).toBe(
      true,
    );

    fireEvent.click(within(form).getByRole('button', { name: 'Отправить' }));
    const question = await screen.findByRole('dialog', { name: 'Отправить сообщение всем пользователям?' });
    expect(question.textContent).toContain('«Новогодний график»');
    fireEvent.click(within(question).getByRole('button', { name: 'Нет, вернуться к сообщению' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.click(within(form).getByRole('button', { name: 'Отправить' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Да, отправить всем' }),
    );
    expect(
      await within(form).findByText(
        'Сообщение отправлено. В приложении его увидят 3 пользователя — в разделе «Уведомления». Push-уведомлений не будет: ни у кого из получателей они не включены на телефоне или компьютере.',
      ),
    ).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      expect.objectContaining({ audience: 'ALL', title: 'Новогодний график' }),
    ]);
  });

  it('to one role goes at once, without the question', async () => {
    signInAs('crm', 'ADMIN');
    const api = pushApi();
    renderApp('/crm/push-notifications', api);
    const form = await screen.findByRole('form', { name: 'Новое сообщение' });
    write(form);
    fireEvent.click(within(form).getByRole('radio', { name: 'Пользователи одной роли' }));
    const role = within(form).getByLabelText('Роль') as HTMLSelectElement;
    fireEvent.change(role, { target: { value: 'MANAGER' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Отправить' }));
    await within(form).findByText(/^Сообщение отправлено\./);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
