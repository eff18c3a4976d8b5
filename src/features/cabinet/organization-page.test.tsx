// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../api/test-helpers';
import { fakeApi } from '../../testing/fake-api';
import { renderApp, signInAs } from '../../testing/render-app';
import { anOrganization } from './test-fixtures';

vi.mock('../shell/update-prompt', () => ({ UpdatePrompt: () => null }));
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => signInAs('cabinet', 'USER'));
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const fieldMessage = (label: string) =>
  screen
    .getByLabelText(label)
    .getAttribute('aria-describedby')
    ?.split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ') ?? '';

describe('cabinet organization', () => {
  it('refuses a wrong INN and a missing name inline, clears each message once fixed, then saves', async () => {
    let saved: unknown = null;
    const api = fakeApi({
      'GET /api/user/organization': () =>
        json({
          organization: saved
            ? { id: 5, signerName: null, signerPosition: null, ...(saved as object) }
            : null,
        }),
      'PUT /api/user/organization': async (request: Request) => {
        saved = await request.json();
        return json({
          organization: { id: 5, signerName: null, signerPosition: null, ...(saved as object) },
        });
      },
    });
    renderApp('/cabinet/organization', api);
    await screen.findByText(/Укажите организацию/);
    expect(screen.queryByRole('heading', { name: 'Подписант актов' })).toBeNull();
    type('ИНН', '7707083894');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить реквизиты' }));
    const summary = await screen.findByRole('alert', { name: 'Есть ошибки' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Проверьте ИНН: 10 цифр для организации или 12 для ИП, с верной контрольной суммой',
      'Введите название организации',
    ]);
    expect(fieldMessage('ИНН')).toContain('Проверьте ИНН');
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);

    type('ИНН', '7707083893');
    expect(fieldMessage('ИНН')).not.toContain('Проверьте ИНН');
    expect(fieldMessage('Название')).toContain('Введите название организации');
    type('Название', 'ООО «Ромашка»');
    expect(fieldMessage('Название')).toBe('');
    type('КПП (необязательно)', '773601001');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить реквизиты' }));
    expect(await screen.findByText('Реквизиты сохранены')).toBeTruthy();
    expect(saved).toEqual({ inn: '7707083893', kpp: '773601001', name: 'ООО «Ромашка»', address: null });
    expect(await screen.findByRole('heading', { name: 'Подписант актов' })).toBeTruthy();
  });

  it('saves the signer with PATCH on the organization, after asking for both fields', async () => {
    const api = fakeApi({
      'GET /api/user/organization': { organization: anOrganization() },
      'PATCH /api/organization/1/signer': async (request: Request) =>
        json({ ...anOrganization(), ...(await request.json()) }),
    });
    renderApp('/cabinet/organization', api);
    await screen.findByRole('heading', { name: 'Подписант актов' });
    expect((screen.getByLabelText('ИНН') as HTMLInputElement).value).toBe('7707083893');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить подписанта' }));
    expect(fieldMessage('ФИО подписанта')).toContain('Введите фамилию, имя и отчество подписанта');
    expect(fieldMessage('Должность')).toContain('Введите должность подписанта');
    type('ФИО подписанта', 'Иванов Иван Иванович');
    type('Должность', 'Генеральный директор');
    expect(screen.queryByRole('alert', { name: 'Есть ошибки' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить подписанта' }));
    expect(await screen.findByText('Подписант сохранён')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      signerName: 'Иванов Иван Иванович',
      signerPosition: 'Генеральный директор',
    });
  });

  it('shows the server’s refusal of the details', async () => {
    renderApp(
      '/cabinet/organization',
      fakeApi({
        'GET /api/user/organization': { organization: anOrganization() },
        'PUT /api/user/organization': () =>
          json({ code: 'VALIDATION_ERROR', message: 'Организация с таким ИНН уже есть' }, 400),
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Сохранить реквизиты' }));
    expect((await screen.findByText('Организация с таким ИНН уже есть')).getAttribute('role')).toBe('alert');
  });
});
