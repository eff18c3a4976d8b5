// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../api/test-helpers';
import { renderApp, signInAs, TEST_TOKEN } from '../../../testing/render-app';

const user = (role: string, email = 'anna@example.ru') => ({
  id: 9,
  role,
  email,
  phoneNumber: null,
  firstName: 'Анна',
  lastName: null,
  partnerId: role === 'PARTNER' ? 1 : null,
});

type Handler = (request: Request) => Response | Promise<Response>;

function fakeServer(routes: Record<string, Handler>) {
  const calls: Array<{ path: string; body: unknown }> = [];
  const handle = async (request: Request) => {
    const path = `${request.method} ${new URL(request.url).pathname}`;
    const text = await request.clone().text();
    calls.push({ path, body: text ? JSON.parse(text) : undefined });
    const route = routes[path];
    if (route) return route(request);
    if (path === 'POST /api/auth/logout') return new Response(null, { status: 204 });
    return json({ documents: [], assurances: [], deliveries: [], languages: [] });
  };
  return { handle, calls };
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** The cabinet sign-in's personal-data consent, never ticked in advance. */
const tickConsent = () => fireEvent.click(screen.getByRole('checkbox', { name: /согласие на обработку/ }));

/** The cabinet login with a code asked for anna@example.ru; the server grants it with `resendAfter`. */
function askCodeOnCabinetLogin(resendAfter: number) {
  const server = fakeServer({
    'POST /api/auth/email/request-code': () => json({ success: true, message: 'ok', resendAfter }),
  });
  const view = renderApp('/cabinet-login', server.handle);
  return {
    ...view,
    server,
    ask: async () => {
      await screen.findByLabelText('Email');
      type('Email', 'anna@example.ru');
      tickConsent();
      fireEvent.click(screen.getByRole('button', { name: 'Получить код' }));
    },
  };
}

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('staff login', () => {
  it('signs an ADMIN in with the password and opens ?redirect=', async () => {
    const server = fakeServer({
      'POST /api/auth/login': () =>
        json({ token: TEST_TOKEN, hash: null, user: user('ADMIN', 'admin@perevod.local') }),
    });
    const { router } = renderApp('/login?redirect=%2Fcrm%2Fusers', server.handle);
    await screen.findByRole('heading', { level: 1, name: 'Вход для сотрудников' });
    type('Логин или email', 'admin@perevod.local');
    type('Пароль', 'secret-password');
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/users'));
    expect(server.calls.find((c) => c.path === 'POST /api/auth/login')?.body).toEqual({
      login: 'admin@perevod.local',
      password: 'secret-password',
    });
    expect(localStorage.getItem('crm_role')).toBe('ADMIN');
  });

  it('shows the server’s reason for a refused password, and stays', async () => {
    const server = fakeServer({
      'POST /api/auth/login': () =>
        json({ code: 'INVALID_CREDENTIALS', message: 'Неверный логин или пароль' }, 401),
    });
    const { router } = renderApp('/login', server.handle);
    await screen.findByLabelText('Пароль');
    type('Логин или email', 'x');
    type('Пароль', 'y');
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Неверный логин или пароль');
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByLabelText('Пароль').getAttribute('aria-invalid')).toBe('true');
    // The refusal is about what was typed: editing either field takes it away.
    type('Пароль', 'y2');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Пароль').getAttribute('aria-invalid')).toBeNull();
  });

  it('signs a customer who used the email code out again: no staff access, staff data cleared', async () => {
    const server = fakeServer({
      'POST /api/auth/email/request-code': () => json({ success: true, message: 'ok', resendAfter: 60 }),
      'POST /api/auth/email/verify': () => json({ token: TEST_TOKEN, hash: null, user: user('USER') }),
    });
    const { router } = renderApp('/login', server.handle);
    fireEvent.click(await screen.findByRole('button', { name: 'Войти по коду из письма' }));
    type('Email', 'anna@example.ru');
    fireEvent.click(screen.getByRole('button', { name: 'Получить код' }));
    await screen.findByLabelText('Код из письма');
    type('Код из письма', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect((await screen.findByRole('alert')).textContent).toContain('нет доступа к бэк-офису');
    await waitFor(() => expect(server.calls.map((c) => c.path)).toContain('POST /api/auth/logout'));
    expect(localStorage.getItem('crm_token')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('cabinet login', () => {
  it('signs a customer in with the emailed code and opens the orders', async () => {
    const server = fakeServer({
      'POST /api/auth/email/request-code': () => json({ success: true, message: 'ok', resendAfter: 60 }),
      'POST /api/auth/email/verify': () => json({ token: TEST_TOKEN, hash: null, user: user('USER') }),
    });
    const { router } = renderApp('/cabinet-login', server.handle);
    await screen.findByRole('heading', { level: 1, name: 'Вход в личный кабинет' });
    type('Email', 'anna@example.ru');
    tickConsent();
    fireEvent.click(screen.getByRole('button', { name: 'Получить код' }));
    expect(await screen.findByText('Код отправлен на anna@example.ru')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Отправить код ещё раз через 60 с/ })).toHaveProperty(
      'disabled',
      true,
    );
    type('Код из письма', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cabinet/orders'));
    expect(server.calls.find((c) => c.path === 'POST /api/auth/email/verify')?.body).toEqual({
      email: 'anna@example.ru',
      verificationCode: '654321',
    });
    expect(localStorage.getItem('cabinet_token')).toBe(TEST_TOKEN);
  });

  it('offers the email this device last signed in with, after a sign-out too', async () => {
    const server = fakeServer({
      'POST /api/auth/email/request-code': () => json({ success: true, message: 'ok', resendAfter: 60 }),
      'POST /api/auth/email/verify': () => json({ token: TEST_TOKEN, hash: null, user: user('USER') }),
    });
    const first = renderApp('/cabinet-login', server.handle);
    await screen.findByRole('heading', { level: 1, name: 'Вход в личный кабинет' });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
    type('Email', 'anna@example.ru');
    tickConsent();
    fireEvent.click(screen.getByRole('button', { name: 'Получить код' }));
    await screen.findByLabelText('Код из письма');
    type('Код из письма', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/cabinet/orders'));
    await first.sessions.cabinet.logout();
    first.unmount();
    expect(localStorage.getItem('cabinet_token')).toBeNull();

    renderApp('/cabinet-login', server.handle);
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    await waitFor(() => expect(email.value).toBe('anna@example.ru'));
    expect(
      screen.getByText('С этим адресом вы входили на этом устройстве. Можно ввести другой.'),
    ).toBeTruthy();
    type('Email', 'boris@example.ru');
    expect(screen.queryByText(/вы входили на этом устройстве/)).toBeNull();
  });

  it('lets another code be asked for once the server’s wait is over', async () => {
    const { server, ask } = askCodeOnCabinetLogin(1);
    await ask();
    expect(
      (await screen.findByRole('button', { name: 'Отправить код ещё раз через 1 с' })).hasAttribute(
        'disabled',
      ),
    ).toBe(true);
    const resend = await screen.findByRole('button', { name: 'Отправить код ещё раз' }, { timeout: 3000 });
    fireEvent.click(resend);
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === 'POST /api/auth/email/request-code')).toHaveLength(2),
    );
  });

  it('counts down a refusal’s retryAfter and shows its message', async () => {
    const server = fakeServer({
      'POST /api/auth/email/request-code': () =>
        json({ code: 'RATE_LIMITED', message: 'Слишком много попыток', details: { retryAfter: 45 } }, 429),
    });
    renderApp('/cabinet-login', server.handle);
    await screen.findByLabelText('Email');
    type('Email', 'anna@example.ru');
    tickConsent();
    fireEvent.click(screen.getByRole('button', { name: 'Получить код' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Слишком много попыток');
    expect(screen.getByText('Повторить можно через 45 с')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Получить код' })).toHaveProperty('disabled', true);
  });

  it('«Изменить email» goes back to the address', async () => {
    const server = fakeServer({
      'POST /api/auth/email/request-code': () => json({ success: true, message: 'ok', resendAfter: 60 }),
    });
    renderApp('/cabinet-login', server.handle);
    await screen.findByLabelText('Email');
    type('Email', 'anna@example.ru');
    tickConsent();
    fireEvent.click(screen.getByRole('button', { name: 'Получить код' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить email' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('anna@example.ru');
  });

  it('shows the wrong-code message and keeps the code step', async () => {
    const server = fakeServer({
      'POST /api/auth/email/request-code': () => json({ success: true, message: 'ok', resendAfter: 60 }),
      'POST /api/auth/email/verify': () =>
        json({ code: 'INVALID_CODE', message: 'Неверный код. Осталось попыток: 4' }, 401),
    });
    const { router } = renderApp('/cabinet-login', server.handle);
    await screen.findByLabelText('Email');
    type('Email', 'anna@example.ru');
    tickConsent();
    fireEvent.click(screen.getByRole('button', { name: 'Получить код' }));
    type(await screen.findByLabelText('Код из письма').then(() => 'Код из письма'), '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Неверный код. Осталось попыток: 4');
    expect(screen.getByLabelText('Код из письма')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cabinet-login');
  });
});

describe('access request', () => {
  it('sends the request in the signed-in context and remembers it', async () => {
    signInAs('cabinet', 'USER', { email: 'anna@example.ru' });
    const server = fakeServer({ 'POST /api/auth/request-access': () => json({ id: 1 }, 201) });
    renderApp('/crm-access-request', server.handle);
    await screen.findByRole('heading', { level: 1, name: 'Запрос доступа к бэк-офису' });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('anna@example.ru');
    type('Имя и фамилия', 'Анна Смирнова');
    type('Зачем нужен доступ', 'Новый менеджер');
    fireEvent.click(screen.getByRole('button', { name: 'Отправить запрос' }));
    expect((await screen.findByText(/Запрос отправлен/)).getAttribute('role')).toBe('status');
    expect(server.calls.find((c) => c.path === 'POST /api/auth/request-access')?.body).toEqual({
      email: 'anna@example.ru',
      name: 'Анна Смирнова',
      reason: 'Новый менеджер',
    });
    expect(localStorage.getItem('crmAccessRequested')).toBe('true');
    expect(Number.isNaN(Date.parse(localStorage.getItem('crmAccessRequestedDate') ?? ''))).toBe(false);
  });

  it('says the email is already pending or has access on 409', async () => {
    signInAs('cabinet', 'USER');
    const server = fakeServer({
      'POST /api/auth/request-access': () =>
        json({ code: 'ACCESS_REQUEST_EXISTS', message: 'conflict' }, 409),
    });
    renderApp('/crm-access-request', server.handle);
    type(await screen.findByLabelText('Имя и фамилия').then(() => 'Имя и фамилия'), 'Анна');
    type('Зачем нужен доступ', 'Работа');
    fireEvent.click(screen.getByRole('button', { name: 'Отправить запрос' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Этот email уже ожидает рассмотрения или уже имеет доступ',
    );
    expect(localStorage.getItem('crmAccessRequested')).toBeNull();
  });

  it('says plainly to a visitor not signed in what it is, and confirms their email first', async () => {
    const { router } = renderApp('/crm-access-request', fakeServer({}).handle);
    expect(await screen.findByRole('heading', { level: 1, name: 'Запрос доступа к бэк-офису' })).toBeTruthy();
    expect(screen.getByText(/рабочий кабинет сотрудников бюро переводов и партнёров/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Вас пригласил администратор?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Подтвердить email и запросить доступ' }));
    await waitFor(() =>
      expect(router.state.location.href).toBe('/cabinet-login?redirect=%2Fcrm-access-request'),
    );
    // The customers' sign-in says why the visitor is there, not that a cabinet will be made.
    expect(
      await screen.findByText(
        'Подтвердите email: отправим на него код. После входа заполните запрос доступа к бэк-офису.',
      ),
    ).toBeTruthy();
  });
});

describe('checks before sending', () => {
  const byId = (id: string) => document.getElementById(id) as HTMLInputElement;

  it('names empty login and password in a summary and beside each field, then clears each when fixed', async () => {
    const server = fakeServer({});
    renderApp('/login', server.handle);
    await screen.findByLabelText('Пароль');
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Есть ошибки');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(byId('sign-in-login').getAttribute('aria-invalid')).toBe('true');
    expect(byId('sign-in-login').getAttribute('aria-describedby')).toContain('sign-in-login-error');
    expect(document.getElementById('sign-in-password-error')?.textContent).toContain('Введите пароль');
    fireEvent.click(screen.getByRole('link', { name: 'Введите пароль' }));
    expect(document.activeElement).toBe(byId('sign-in-password'));
    type('Пароль', 'secret');
    expect(document.getElementById('sign-in-password-error')).toBeNull();
    expect(document.getElementById('sign-in-login-error')?.textContent).toContain('Введите логин или email');
    expect(server.calls.filter((c) => c.path === 'POST /api/auth/login')).toHaveLength(0);
  });

  it('says a malformed email beside the field, focuses it, and sends nothing', async () => {
    const server = fakeServer({});
    renderApp('/cabinet-login', server.handle);
    await screen.findByLabelText('Email');
    type('Email', 'anna.example.ru');
    fireEvent.click(screen.getByRole('button', { name: 'Получить код' }));
    expect(document.getElementById('sign-in-email-error')?.textContent).toContain('name@example.ru');
    expect(document.activeElement).toBe(byId('sign-in-email'));
    expect(byId('sign-in-email').closest('form')?.noValidate).toBe(true);
    type('Email', 'anna@example.ru');
    expect(document.getElementById('sign-in-email-error')).toBeNull();
    expect(server.calls.filter((c) => c.path.includes('request-code'))).toHaveLength(0);
  });

  it('asks the cabinet for the personal-data consent beside its box, and sends it once ticked', async () => {
    const server = fakeServer({
      'POST /api/auth/email/request-code': () => json({ success: true, message: 'ok', resendAfter: 60 }),
    });
    renderApp('/cabinet-login', server.handle);
    await screen.findByLabelText('Email');
    type('Email', 'anna@example.ru');
    const box = screen.getByRole('checkbox', { name: /согласие на обработку/ }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Получить код' }));
    expect(document.getElementById('sign-in-consent-error')?.textContent).toContain(
      'Чтобы войти в личный кабинет, дайте согласие на обработку персональных данных',
    );
    expect(document.activeElement).toBe(box);
    expect(server.calls.filter((c) => c.path.includes('request-code'))).toHaveLength(0);
    tickConsent();
    expect(document.getElementById('sign-in-consent-error')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Получить код' }));
    await screen.findByLabelText('Код из письма');
    expect(server.calls.filter((c) => c.path.includes('request-code'))[0]?.body).toEqual({
      email: 'anna@example.ru',
      personalDataConsent: true,
    });
  });

  it('asks for the six digits before checking the code', async () => {
    const { server, ask } = askCodeOnCabinetLogin(60);
    await ask();
    await screen.findByLabelText('Код из письма');
    type('Код из письма', '123');
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(document.getElementById('sign-in-code-error')?.textContent).toContain('шесть цифр');
    type('Код из письма', '123456');
    expect(document.getElementById('sign-in-code-error')).toBeNull();
    expect(server.calls.filter((c) => c.path.includes('verify'))).toHaveLength(0);
  });
});

describe('a staff invitation', () => {
  const TOKEN = '3q2-7wEjZ9kL0pV5xN8bR1tY4uI6oP2aS3dF5gH7jK9';
  const preview = {
    email: 'ivan.petrov@example.ru',
    name: 'Иван Петров',
    role: 'MANAGER',
    partnerName: null,
    expiresAt: '2026-11-23T10:00:00.000Z',
  };

  it('says who is invited for what, checks the password twice, and signs in to the back office', async () => {
    const server = fakeServer({
      'GET /api/auth/invitation': () => json(preview),
      'POST /api/auth/invitation/accept': () =>
        json({
          token: TEST_TOKEN,
          hash: null,
          user: {
            id: 7,
            role: 'MANAGER',
            email: preview.email,
            phoneNumber: null,
            firstName: 'Иван',
            lastName: 'Петров',
            partnerId: null,
          },
        }),
    });
    const { router } = renderApp(`/crm-invite?token=${TOKEN}`, server.handle);
    expect(await screen.findByText(/Иван Петров, вас пригласили в рабочий кабинет/)).toBeTruthy();
    expect(screen.getByText('Менеджер')).toBeTruthy();
    type('Новый пароль', 'Xk7-pQ2m');
    type('Пароль ещё раз', 'Xk7-pQ2x');
    fireEvent.click(screen.getByRole('button', { name: 'Задать пароль и войти' }));
    expect((await screen.findAllByText('Пароли не совпадают')).length).toBe(2);
    type('Пароль ещё раз', 'Xk7-pQ2m');
    expect(screen.queryByText('Пароли не совпадают')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Задать пароль и войти' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/home'));
    expect(server.calls.find((call) => call.path === 'POST /api/auth/invitation/accept')?.body).toEqual({
      token: TOKEN,
      password: 'Xk7-pQ2m',
    });
  });

  it('says in words when the link was used or has lapsed', async () => {
    const server = fakeServer({
      'GET /api/auth/invitation': () =>
        json(
          {
            code: 'INVITATION_EXPIRED',
            message: 'Срок приглашения истёк: попросите администратора пригласить вас снова',
          },
          410,
        ),
    });
    renderApp(`/crm-invite?token=${TOKEN}`, server.handle);
    expect(
      await screen.findByText('Срок приглашения истёк: попросите администратора пригласить вас снова'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Войдите' })).toBeTruthy();
  });
});
