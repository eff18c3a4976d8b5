import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePage, JWT, json } from '../../api/test-helpers';
import { CUSTOMER, MANAGER } from '../../testing/session-users';
import {
  CALL_IN_PROGRESS,
  createSessionStore,
  MISSING_VERIFICATION_EMAIL,
  type SessionStore,
} from './session-store';
import type { SessionStatus } from './status-machine';

const path = (request: Request) => new URL(request.url).pathname;

/** A store on a fake server; `statuses` lists every status it passes through. */
function setup(context: 'crm' | 'cabinet', pagePath: string, stored: Record<string, string> = {}) {
  const { page, api } = fakePage(pagePath, stored);
  const gateway = api({ now: () => Date.UTC(2026, 10, 22) });
  const session = createSessionStore(context, {
    api: gateway,
    store: page.store,
    now: () => 1_700_000_000_000,
  });
  const statuses: SessionStatus[] = [];
  session.subscribe(() => statuses.push(session.getState().status));
  return { page, gateway, session, statuses };
}

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

describe('email code sign-in', () => {
  it('goes PENDING → CODE_WAITING → ENTERED_CODE → AUTHORIZED and keeps the session', async () => {
    const { page, session, statuses } = setup('cabinet', '/cabinet-login');
    page.answer = (request) =>
      path(request) === '/api/auth/email/request-code'
        ? json({ success: true, message: 'ok', resendAfter: 60 })
        : json({ token: JWT, hash: null, user: CUSTOMER });
    expect(await session.requestCode('anna@example.ru')).toBe(60);
    expect(page.store.getItem('verificationEmail')).toBe('anna@example.ru');
    await session.verifyCode('123456');
    expect(statuses).toEqual(['PENDING', 'CODE_WAITING', 'ENTERED_CODE', 'AUTHORIZED']);
    expect(await page.requests[1]?.json()).toEqual({ email: 'anna@example.ru', verificationCode: '123456' });
    expect(page.store.getItem('cabinet_token')).toBe(JWT);
    expect(page.store.getItem('cabinet_authStatus')).toBe('AUTHORIZED');
    expect(page.store.getItem('verificationEmail')).toBeNull();
    expect(session.getState()).toMatchObject({ role: 'USER', user: { email: 'anna@example.ru' } });
  });

  it('goes back to NEW when the code cannot be sent, and rethrows with the server’s message', async () => {
    const { page, session, statuses } = setup('cabinet', '/cabinet-login');
    page.answer = () =>
      json({ code: 'RATE_LIMITED', message: 'Слишком много запросов', details: { retryAfter: 42 } }, 429);
    await expect(session.requestCode('anna@example.ru')).rejects.toMatchObject({
      status: 429,
      message: 'Слишком много запросов',
      details: { retryAfter: 42 },
    });
    expect(statuses).toEqual(['PENDING', 'NEW']);
  });

  it('goes back to CODE_WAITING on a wrong code', async () => {
    const { page, session, statuses } = setup('cabinet', '/cabinet-login', {
      verificationEmail: 'anna@example.ru',
    });
    page.answer = () => json({ code: 'INVALID_CODE', message: 'Неверный код. Осталось попыток: 4' }, 401);
    await expect(session.verifyCode('000000')).rejects.toThrow('Неверный код. Осталось попыток: 4');
    expect(statuses).toEqual(['ENTERED_CODE', 'CODE_WAITING']);
    expect(session.getState().error).toBe('Неверный код. Осталось попыток: 4');
    expect(page.visited).toEqual([]); // a wrong code is not a lost session
  });

  it('refuses to verify without the stored verification email, sending nothing', async () => {
    const { page, session, statuses } = setup('cabinet', '/cabinet-login');
    await expect(session.verifyCode('123456')).rejects.toThrow(MISSING_VERIFICATION_EMAIL);
    expect(MISSING_VERIFICATION_EMAIL).toBe(
      'Не найден email для проверки. Начните процесс авторизации заново.',
    );
    expect(page.requests).toHaveLength(0);
    expect(statuses).toEqual([]);
  });

  it('does not start a second call while one is loading', async () => {
    const { page, session } = setup('cabinet', '/cabinet-login');
    page.answer = () => new Promise<Response>(() => undefined);
    void session.requestCode('anna@example.ru');
    await expect(session.requestCode('anna@example.ru')).rejects.toThrow(CALL_IN_PROGRESS);
  });

  it('«Изменить email» returns to NEW from the code step', async () => {
    const { page, session } = setup('cabinet', '/cabinet-login');
    page.answer = () => json({ success: true, message: 'ok', resendAfter: 60 });
    await session.requestCode('anna@example.ru');
    session.cancelCode();
    expect(session.getState().status).toBe('NEW');
  });
});

describe('sign-in with a link (hash)', () => {
  it('is PENDING then AUTHORIZED, and true', async () => {
    const { page, session, statuses } = setup('cabinet', '/cabinet-login');
    page.answer = () => json({ token: JWT, hash: null, user: CUSTOMER });
    expect(await session.loginByHash('anna@example.ru', 'h'.repeat(32))).toBe(true);
    expect(statuses).toEqual(['PENDING', 'AUTHORIZED']);
    expect(await page.requests[0]?.json()).toEqual({ email: 'anna@example.ru', hash: 'h'.repeat(32) });
  });

  it('is NEW and false on failure, with the reason in the state', async () => {
    const { page, session, statuses } = setup('cabinet', '/cabinet-login');
    page.answer = () => json({ code: 'LINK_INVALID', message: 'Ссылка недействительна' }, 401);
    expect(await session.loginByHash('anna@example.ru', 'h'.repeat(32))).toBe(false);
    expect(statuses).toEqual(['PENDING', 'NEW']);
    expect(session.getState().error).toBe('Ссылка недействительна');
  });

  it('sends a single-use link once when asked twice at once', async () => {
    const { page, session } = setup('cabinet', '/cabinet-login');
    page.answer = () => json({ token: JWT, hash: null, user: CUSTOMER });
    const both = await Promise.all([
      session.loginByHash('a@b.ru', 'x'.repeat(20)),
      session.loginByHash('a@b.ru', 'x'.repeat(20)),
    ]);
    expect(both).toEqual([true, true]);
    expect(page.requests).toHaveLength(1);
  });

  it('tries a link again once the first try is over (after a logout, say)', async () => {
    const { page, session } = setup('cabinet', '/cabinet-login');
    page.answer = (request) =>
      path(request) === '/api/auth/logout'
        ? new Response(null, { status: 204 })
        : json({ token: JWT, hash: null, user: CUSTOMER });
    expect(await session.loginByHash('a@b.ru', 'x'.repeat(20))).toBe(true);
    await session.logout();
    page.answer = () => json({ code: 'LINK_INVALID', message: 'Ссылка уже использована' }, 401);
    expect(await session.loginByHash('a@b.ru', 'x'.repeat(20))).toBe(false);
    expect(page.requests.filter((r) => path(r) === '/api/auth/hash')).toHaveLength(2);
  });
});

describe('sign-in with a password', () => {
  it('goes PENDING → AUTHORIZED and stores the staff role', async () => {
    const { page, session, statuses } = setup('crm', '/login');
    page.answer = () => json({ token: JWT, hash: null, user: MANAGER });
    await session.login('m@perevod.local', 'secret');
    expect(statuses).toEqual(['PENDING', 'AUTHORIZED']);
    expect(page.store.getItem('crm_token')).toBe(JWT);
    expect(page.store.getItem('crm_role')).toBe('MANAGER');
    expect(JSON.parse(page.store.getItem('crmUserProfile') ?? '')).toEqual({
      email: 'm@perevod.local',
      phoneNumber: null,
    });
    expect(session.getState().permissions).toEqual(['view_orders']);
  });

  it('goes back to NEW on wrong credentials', async () => {
    const { page, session, statuses } = setup('crm', '/login');
    page.answer = () => json({ code: 'INVALID_CREDENTIALS', message: 'Неверный логин или пароль' }, 401);
    await expect(session.login('x', 'y')).rejects.toThrow('Неверный логин или пароль');
    expect(statuses).toEqual(['PENDING', 'NEW']);
  });

  it('does not store USER as a staff role (a customer signing in on /login)', async () => {
    const { page, session } = setup('crm', '/login');
    page.answer = () => json({ token: JWT, hash: null, user: CUSTOMER });
    expect((await session.login('anna', 'pw')).role).toBe('USER');
    expect(page.store.getItem('crm_role')).toBeNull();
  });
});

describe('logout', () => {
  const signedIn = {
    crm_token: JWT,
    crm_role: 'ADMIN',
    crm_authStatus: 'AUTHORIZED',
    crmUserProfile: '{}',
    cabinet_token: JWT,
  };

  it('calls POST /api/auth/logout with the context’s token, then clears it and notes the time', async () => {
    const { page, session, statuses } = setup('crm', '/crm/home', signedIn);
    page.answer = () => new Response(null, { status: 204 });
    await session.logout();
    expect(page.requests.map((r) => [r.method, path(r), r.headers.get('Authorization')])).toEqual([
      ['POST', '/api/auth/logout', `Bearer ${JWT}`],
    ]);
    expect(statuses).toEqual(['NEW']);
    for (const key of ['crm_token', 'crm_role', 'crm_authStatus', 'crmUserProfile'])
      expect(page.store.getItem(key)).toBeNull();
    expect(page.store.getItem('cabinet_token')).toBe(JWT);
    expect(page.store.getItem('lastLogoutTime')).toBe('1700000000000');
  });

  it('signs out on the device even when the server cannot be reached (the error is only logged)', async () => {
    const { page, session } = setup('crm', '/crm/home', signedIn);
    page.answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await session.logout();
    expect(session.getState().status).toBe('NEW');
    expect(page.store.getItem('crm_token')).toBeNull();
    expect(console.warn).toHaveBeenCalled();
  });
});

describe('following the gateway', () => {
  it('shows signed out after a 401 of its context', async () => {
    vi.useFakeTimers();
    try {
      const { page, gateway, session } = setup('cabinet', '/cabinet/orders', { cabinet_token: JWT });
      const stores: Record<string, SessionStore> = { cabinet: session };
      gateway.onUnauthorized((context) => stores[context]?.signedOutByGateway());
      page.answer = () => json({ code: 'UNAUTHORIZED', message: 'Сессия завершена' }, 401);
      await expect(gateway.client.GET('/api/user/orders')).rejects.toMatchObject({ status: 401 });
      expect(session.getState().status).toBe('NEW');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refreshes only a signed-in context', async () => {
    const { page, session } = setup('cabinet', '/cabinet/orders');
    expect(await session.refresh()).toBe(false);
    expect(page.requests).toHaveLength(0);
  });

  it('takes the refreshed token', async () => {
    const { page, gateway, session } = setup('cabinet', '/cabinet/orders', { cabinet_token: JWT });
    gateway.onTokenRefreshed((_context, token) => session.tokenRefreshed(token));
    page.answer = () => json({ token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIzIn0.bmV3' });
    expect(await session.refresh()).toBe(true);
    expect(session.getState().token).toBe('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIzIn0.bmV3');
  });
});
