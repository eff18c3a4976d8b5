// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../api/test-helpers';
import { testDb } from '../../db/test-db';
import { renderApp, setOnline, signInAs, TEST_TOKEN } from '../../testing/render-app';
import { storedAt } from '../../testing/stored-at';

const profile = {
  id: 2,
  email: 'anna@example.ru',
  phoneNumber: '+7 916 123-45-67',
  telegramId: null,
  firstName: 'Анна',
  lastName: 'Смирнова',
  username: null,
  photoUrl: null,
  role: 'USER',
  partnerId: null,
  organization: null,
};

// A shared two-core machine: the form's first render can take longer than the default second.
configure({ asyncUtilTimeout: 5000 });

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  signInAs('cabinet', 'USER');
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('cabinet profile', () => {
  it('starts empty fields with the name and phone of the latest order, and keeps them once saved', async () => {
    let current = {
      ...profile,
      firstName: null,
      lastName: null,
      phoneNumber: null,
      fromOrders: {
        orderNumber: '2611-00042',
        firstName: 'Вера',
        lastName: 'Новикова',
        phoneNumber: '+7 916 555-44-33',
      },
    };
    const patches: unknown[] = [];
    renderApp('/cabinet/profile', async (request) => {
      if (request.method === 'PATCH') {
        const update = await request.json();
        patches.push(update);
        current = { ...current, ...update, fromOrders: null };
      }
      return json({ profile: current });
    });
    await waitFor(() => expect((screen.getByLabelText('Имя') as HTMLInputElement).value).toBe('Вера'));
    expect((screen.getByLabelText('Фамилия') as HTMLInputElement).value).toBe('Новикова');
    expect((screen.getByLabelText('Телефон') as HTMLInputElement).value).toBe('+7 916 555-44-33');
    expect(
      screen.getByText(
        'Имя и телефон — из вашего заказа № 2611-00042. Проверьте и нажмите «Сохранить», чтобы они остались в профиле.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Профиль сохранён')).toBeTruthy();
    expect(patches).toEqual([
      { firstName: 'Вера', lastName: 'Новикова', username: null, phoneNumber: '+7 916 555-44-33' },
    ]);
    await waitFor(() => expect(screen.queryByText(/из вашего заказа/)).toBeNull());
  });

  it('shows the profile from GET /api/profile with its age, and saves changes with PATCH', async () => {
    let current = { ...profile };
    const patches: unknown[] = [];
    renderApp('/cabinet/profile', async (request) => {
      expect(request.headers.get('Authorization')).toBe(`Bearer ${TEST_TOKEN}`);
      if (request.method === 'PATCH') {
        const update = await request.json();
        patches.push(update);
        current = { ...current, ...update };
      }
      return json({ profile: current });
    });
    expect(await screen.findByText('Клиент')).toBeTruthy();
    // The header's two places (under the brand on a phone, beside «Выйти» wider) and the profile.
    expect(screen.getAllByText('anna@example.ru')).toHaveLength(3);
    // Just fetched: its age is not worth a line.
    expect(screen.queryByText(/^Данные от /)).toBeNull();
    await waitFor(() => expect((screen.getByLabelText('Имя') as HTMLInputElement).value).toBe('Анна'));
    fireEvent.change(screen.getByLabelText('Телефон'), { target: { value: '+7 999 000-11-22' } });
    fireEvent.change(screen.getByLabelText('Фамилия'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Профиль сохранён')).toBeTruthy();
    expect(patches).toEqual([
      { firstName: 'Анна', lastName: null, username: null, phoneNumber: '+7 999 000-11-22' },
    ]);
    expect(JSON.parse(localStorage.getItem('cabinetUserProfile') ?? '')).toEqual({
      email: 'anna@example.ru',
      phoneNumber: '+7 999 000-11-22',
    });
  });

  it('refuses a malformed phone before sending', async () => {
    const methods: string[] = [];
    renderApp('/cabinet/profile', (request) => {
      methods.push(request.method);
      return json({ profile });
    });
    await waitFor(() => expect((screen.getByLabelText('Телефон') as HTMLInputElement).value).not.toBe(''));
    fireEvent.change(screen.getByLabelText('Телефон'), { target: { value: 'звоните' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Введите телефон, например');
    expect(document.getElementById('profile-phoneNumber-error')?.textContent).toContain('+7 916 123-45-67');
    expect(methods).not.toContain('PATCH');
  });

  it('opens offline from the stored copy, with its time, and does not offer to save', async () => {
    const db = testDb();
    const first = renderApp('/cabinet/profile', () => json({ profile }), db);
    await screen.findByText('Клиент');
    await waitFor(async () =>
      expect(await db.cache.where('operation').equals('/api/profile').count()).toBe(1),
    );
    const savedAt = await storedAt(db, '/api/profile');
    first.unmount();

    setOnline(false);
    renderApp('/cabinet/profile', () => Promise.reject(new TypeError('Failed to fetch')), db);
    expect(await screen.findByText('Клиент')).toBeTruthy();
    expect(await screen.findByText(/Нет сети — показаны сохранённые данные/)).toBeTruthy();
    expect(plain(screen.getByText(/^Данные от /).textContent)).toBe(savedAt);
    expect(screen.getByRole('button', { name: 'Сохранить' })).toHaveProperty('disabled', true);
  });

  it('sends the customer to the cabinet login with the way back when the server ended the session', async () => {
    const { router } = renderApp('/cabinet/profile', () =>
      json({ code: 'UNAUTHORIZED', message: 'Сессия завершена' }, 401),
    );
    await waitFor(() =>
      expect(router.state.location.href).toBe('/cabinet-login?redirect=%2Fcabinet%2Fprofile'),
    );
    expect(localStorage.getItem('cabinet_token')).toBeNull();
  });
});

describe('staff profile', () => {
  it('calls GET /api/profile with the staff token', async () => {
    signInAs('crm', 'MANAGER', { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI1In0.c3RhZmY' });
    renderApp('/profile', (request) => {
      expect(request.headers.get('Authorization')).toBe(
        'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI1In0.c3RhZmY',
      );
      return json({ profile: { ...profile, role: 'MANAGER', email: 'm@perevod.local' } });
    });
    expect(await screen.findByText('Менеджер')).toBeTruthy();
  });

  it('changes the password only with the current one, and shows the server’s refusal', async () => {
    signInAs('crm', 'MANAGER');
    const sent: unknown[] = [];
    renderApp('/profile', async (request) => {
      if (request.method === 'POST' && request.url.endsWith('/api/profile/password')) {
        const body = (await request.json()) as { currentPassword: string };
        sent.push(body);
        if (body.currentPassword !== 'old-secret')
          return json(
            {
              code: 'VALIDATION_ERROR',
              message: 'Неверный текущий пароль',
              details: { fields: { currentPassword: 'Неверный текущий пароль' } },
            },
            400,
          );
        return new Response(null, { status: 204 });
      }
      return json({ profile: { ...profile, role: 'MANAGER', hasPassword: true } });
    });
    await screen.findByText('Менеджер');
    const change = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Сменить пароль' }));
    expect(await screen.findByText('Есть ошибки')).toBeTruthy();
    expect(screen.getAllByText('Введите текущий пароль').length).toBeGreaterThan(0);
    expect(sent).toEqual([]);

    change('Текущий пароль', 'wrong-one');
    change('Новый пароль', 'new-secret-1');
    change('Новый пароль ещё раз', 'new-secret-2');
    fireEvent.click(screen.getByRole('button', { name: 'Сменить пароль' }));
    expect((await screen.findAllByText('Пароли не совпадают')).length).toBeGreaterThan(0);
    expect(sent).toEqual([]);

    change('Новый пароль ещё раз', 'new-secret-1');
    fireEvent.click(screen.getByRole('button', { name: 'Сменить пароль' }));
    expect(await screen.findByText('Неверный текущий пароль')).toBeTruthy();

    change('Текущий пароль', 'old-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Сменить пароль' }));
    expect(await screen.findByText('Пароль изменён. Другие ваши сеансы завершены.')).toBeTruthy();
    expect(sent).toEqual([
      { currentPassword: 'wrong-one', newPassword: 'new-secret-1' },
      { currentPassword: 'old-secret', newPassword: 'new-secret-1' },
    ]);
    expect((screen.getByLabelText('Текущий пароль') as HTMLInputElement).value).toBe('');
  });

  it('says an administrator sets the first password when there is none', async () => {
    signInAs('crm', 'ADMIN');
    renderApp('/profile', () => json({ profile: { ...profile, role: 'ADMIN', hasPassword: false } }));
    expect(await screen.findByText(/Пароль ещё не задан/)).toBeTruthy();
    expect(screen.queryByLabelText('Текущий пароль')).toBeNull();
  });
});
