import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contextForPath } from './context';
import { ApiError, AUTH_REQUIRED_MESSAGE, SERVER_UNAVAILABLE_MESSAGE } from './errors';
import { CABINET_JWT, fakePage, JWT, json } from './test-helpers';

const both = { crm_token: JWT, cabinet_token: CABINET_JWT };
const order = {
  params: { header: { 'Idempotency-Key': '5a8e0c7e-2d1f-4a43-9a55-3f1c2b7d9e10' } },
  body: {
    name: 'Анна',
    phoneNumber: '+79161234567',
    email: 'anna@example.ru',
    originalLanguage: 'en',
    targetLanguage: 'ru',
    deliveryType: 'OFFICE' as const,
    personalDataConsent: true as const,
  },
};
const authorization = (request: Request | undefined) => request?.headers.get('Authorization') ?? null;

describe('which token a call carries', () => {
  it('sends the staff token from back-office pages and the customer token from the cabinet', async () => {
    const { page, api } = fakePage('/crm/home', both);
    const { client } = api();
    await client.GET('/api/order');
    page.pathname = '/cabinet/orders';
    await client.GET('/api/user/orders');
    expect(page.requests.map(authorization)).toEqual([`Bearer ${JWT}`, `Bearer ${CABINET_JWT}`]);
  });

  it.each([
    ['/crm/orders/7', 'crm'],
    ['/crm-access-request', 'crm'],
    ['/profile', 'crm'],
    ['/login', 'crm'],
    ['/cabinet', 'cabinet'],
    ['/cabinet-login', 'cabinet'],
    ['/order/step-3', 'cabinet'],
    ['/crmx', 'cabinet'],
  ])('treats %s as the %s context', (path, context) => {
    expect(contextForPath(path)).toBe(context);
  });

  it("uses the call's declared kind over the page's", async () => {
    const { page, api } = fakePage('/order/step-1', both);
    await api().client.POST('/api/auth/logout', { kind: 'crm' });
    expect(authorization(page.requests[0])).toBe(`Bearer ${JWT}`);
  });

  it('never sends a token to a public operation, even when signed in', async () => {
    const { page, api } = fakePage('/crm/home', both);
    await api().client.GET('/api/order/form-params');
    await api().client.POST('/api/auth/email/request-code', { body: { email: 'a@b.ru' } });
    expect(page.requests.map(authorization)).toEqual([null, null]);
  });

  it("sends no token at all for a call declared 'public'", async () => {
    const { page, api } = fakePage('/cabinet/orders', both);
    await api().client.POST('/api/order', { kind: 'public', params: order.params, body: order.body });
    expect(authorization(page.requests[0])).toBeNull();
  });

  it('repairs a damaged stored token before sending it, and saves the repair', async () => {
    const { page, api } = fakePage('/cabinet/orders', { cabinet_token: `${CABINET_JWT}, null` });
    await api().client.GET('/api/user/orders');
    expect(authorization(page.requests[0])).toBe(`Bearer ${CABINET_JWT}`);
    expect(page.store.getItem('cabinet_token')).toBe(CABINET_JWT);
  });
});

describe('a call that needs sign-in but has no token', () => {
  it('is cancelled on the device with «Требуется авторизация»', async () => {
    const { page, api } = fakePage('/cabinet/orders', { crm_token: JWT });
    const call = api().client.GET('/api/user/orders');
    await expect(call).rejects.toMatchObject({ status: 401, message: AUTH_REQUIRED_MESSAGE });
    await expect(call).rejects.toBeInstanceOf(ApiError);
    expect(page.requests).toHaveLength(0);
  });

  it('still goes out for sign-in calls and promo validation', async () => {
    const { page, api } = fakePage('/cabinet-login');
    await api().client.POST('/api/auth/refresh');
    await api().client.POST('/api/form-settings/promocode/validate', { body: { code: 'WELCOME10' } });
    expect(page.requests).toHaveLength(2);
  });

  it('still goes out for public-with-optional-sign-in operations, without a token', async () => {
    const { page, api } = fakePage('/order/step-4');
    await api().client.POST('/api/order', order);
    expect(page.requests).toHaveLength(1);
    expect(authorization(page.requests[0])).toBeNull();
  });
});

describe('a 401 from the server', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('signs that context out at once and opens its login page 300 ms later, with the way back', async () => {
    const { page, api } = fakePage('/crm/orders/15', { ...both, crm_role: 'ADMIN', crmUserProfile: '{}' });
    page.search = '?tab=history';
    page.answer = () => json({ code: 'UNAUTHORIZED', message: 'Сессия истекла' }, 401);
    await expect(api().client.GET('/api/order/{id}', { params: { path: { id: 15 } } })).rejects.toMatchObject(
      {
        status: 401,
        message: 'Сессия истекла',
      },
    );
    expect(page.store.getItem('crm_token')).toBeNull();
    expect(page.store.getItem('crm_role')).toBeNull();
    expect(page.store.getItem('crmUserProfile')).toBeNull();
    expect(page.store.getItem('cabinet_token')).toBe(CABINET_JWT);
    vi.advanceTimersByTime(299);
    expect(page.visited).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(page.visited).toEqual(['/login?redirect=%2Fcrm%2Forders%2F15%3Ftab%3Dhistory']);
  });

  it('sends a customer to the cabinet login', async () => {
    const { page, api } = fakePage('/cabinet/orders', both);
    page.answer = () => json({ code: 'UNAUTHORIZED', message: 'Требуется авторизация' }, 401);
    await expect(api().client.GET('/api/user/orders')).rejects.toBeInstanceOf(ApiError);
    await vi.runAllTimersAsync();
    expect(page.visited).toEqual(['/cabinet-login?redirect=%2Fcabinet%2Forders']);
    expect(page.store.getItem('cabinet_token')).toBeNull();
    expect(page.store.getItem('crm_token')).toBe(JWT);
  });

  it('redirects once when several calls fail together', async () => {
    const { page, api } = fakePage('/crm/home', both);
    page.answer = () => json({ code: 'UNAUTHORIZED', message: 'x' }, 401);
    const { client } = api();
    await Promise.allSettled([client.GET('/api/order'), client.GET('/api/partner')]);
    await vi.runAllTimersAsync();
    expect(page.visited).toHaveLength(1);
  });

  it('does nothing of the kind for the logout call', async () => {
    const { page, api } = fakePage('/crm/home', both);
    page.answer = () => json({ code: 'UNAUTHORIZED', message: 'x' }, 401);
    await expect(api().client.POST('/api/auth/logout')).rejects.toBeInstanceOf(ApiError);
    await vi.runAllTimersAsync();
    expect(page.visited).toEqual([]);
    expect(page.store.getItem('crm_token')).toBe(JWT);
  });

  it('leaves a wrong sign-in code on the login page instead of redirecting', async () => {
    const { page, api } = fakePage('/cabinet-login');
    page.answer = () => json({ code: 'INVALID_CODE', message: 'Неверный код' }, 401);
    const body = { email: 'a@b.ru', verificationCode: '000000' };
    await expect(api().client.POST('/api/auth/email/verify', { body })).rejects.toMatchObject({
      message: 'Неверный код',
    });
    await vi.runAllTimersAsync();
    expect(page.visited).toEqual([]);
  });

  it('tells the session store which context ended', async () => {
    const { page, api } = fakePage('/cabinet/orders', both);
    page.answer = () => json({ code: 'UNAUTHORIZED', message: 'x' }, 401);
    const gateway = api();
    const ended: string[] = [];
    gateway.onUnauthorized((context) => ended.push(context));
    await gateway.client.GET('/api/user/orders').catch(() => undefined);
    expect(ended).toEqual(['cabinet']);
  });
});

describe('errors the user sees', () => {
  it("carries the server's code, Russian message and details", async () => {
    const { page, api } = fakePage('/crm/home', both);
    page.answer = () =>
      json(
        { code: 'CONFLICT', message: 'Этот email уже ожидает рассмотрения', details: { field: 'email' } },
        409,
      );
    const error = await api()
      .client.POST('/api/auth/request-access', { body: { email: 'a@b.ru', name: 'Анна', reason: 'Работа' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'Этот email уже ожидает рассмотрения',
      details: { field: 'email' },
    });
  });

  it('gives a readable message when the answer has no error body', async () => {
    const { page, api } = fakePage('/order/step-1');
    page.answer = () => new Response('Bad Gateway', { status: 502 });
    await expect(api().client.GET('/api/order/form-params')).rejects.toMatchObject({
      status: 502,
      message: 'Ошибка сервера (502). Попробуйте позже.',
    });
  });

  it('says the server is unavailable when there is no answer at all', async () => {
    const { page, api } = fakePage('/order/step-1');
    page.answer = () => Promise.reject(new TypeError('Failed to fetch'));
    const error = await api()
      .client.GET('/api/order/form-params')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: SERVER_UNAVAILABLE_MESSAGE });
  });

  it('lets a cancelled call stay a cancellation', async () => {
    const { page, api } = fakePage('/order/step-1');
    page.answer = () => Promise.reject(new DOMException('Aborted', 'AbortError'));
    await expect(api().client.GET('/api/order/form-params')).rejects.toMatchObject({ name: 'AbortError' });
  });
});
