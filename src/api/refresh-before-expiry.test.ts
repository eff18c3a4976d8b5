import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors';
import { fakePage, json } from './test-helpers';
import { needsRefresh, tokenExpiresAt } from './token-expiry';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

/** An unsigned JWT with the given exp (seconds); the app never checks the signature. */
function jwt(exp: number | undefined, subject = '1'): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256' })}.${encode({ sub: subject, ...(exp === undefined ? {} : { exp }) })}.c2ln`;
}

const seconds = (ms: number) => Math.floor(ms / 1000);
const EXPIRED = jwt(seconds(NOW) - 10, 'old');
const FRESH = jwt(seconds(NOW) + 3600, 'new');
const authorization = (request: Request) => request.headers.get('Authorization');
const isRefresh = (request: Request) => new URL(request.url).pathname === '/api/auth/refresh';

describe('reading a token’s expiry', () => {
  it('reads exp from the payload, in milliseconds', () => {
    expect(tokenExpiresAt(jwt(1_800_000_000))).toBe(1_800_000_000_000);
  });

  it('knows nothing of a token without exp or of a value that is not a JWT', () => {
    expect(tokenExpiresAt(jwt(undefined))).toBeNull();
    expect(tokenExpiresAt('not-a-token')).toBeNull();
    expect(tokenExpiresAt('a.%%%.c')).toBeNull();
  });

  it('wants a refresh when the token is past or within 60 s of its end', () => {
    expect(needsRefresh(jwt(seconds(NOW) + 61), NOW)).toBe(false);
    expect(needsRefresh(jwt(seconds(NOW) + 60), NOW)).toBe(true);
    expect(needsRefresh(EXPIRED, NOW)).toBe(true);
    expect(needsRefresh(jwt(undefined), NOW)).toBe(false);
  });
});

describe('a credentialed call with a token about to run out', () => {
  beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('refreshes first and goes out with the new token, which is saved', async () => {
    const { page, api } = fakePage('/cabinet/orders', { cabinet_token: EXPIRED });
    page.answer = (request) => (isRefresh(request) ? json({ token: FRESH }) : json([]));
    await api({ now: () => NOW }).client.GET('/api/user/orders');
    expect(page.requests.map((r) => [new URL(r.url).pathname, authorization(r)])).toEqual([
      ['/api/auth/refresh', `Bearer ${EXPIRED}`],
      ['/api/user/orders', `Bearer ${FRESH}`],
    ]);
    expect(page.store.getItem('cabinet_token')).toBe(FRESH);
  });

  it('refreshes once for many calls made together (single flight per context)', async () => {
    const { page, api } = fakePage('/crm/home', { crm_token: EXPIRED });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    page.answer = async (request) => {
      if (!isRefresh(request)) return json([]);
      await held;
      return json({ token: FRESH });
    };
    const { client } = api({ now: () => NOW });
    const calls = Promise.all([
      client.GET('/api/order'),
      client.GET('/api/partner'),
      client.GET('/api/office'),
    ]);
    await vi.waitFor(() => expect(page.requests.filter(isRefresh)).toHaveLength(1));
    release();
    await calls;
    expect(page.requests.filter(isRefresh)).toHaveLength(1);
    const sent = Object.fromEntries(
      page.requests.filter((r) => !isRefresh(r)).map((r) => [new URL(r.url).pathname, authorization(r)]),
    );
    // GET /api/office is public: it neither waits for the refresh nor carries a token.
    expect(sent).toEqual({
      '/api/order': `Bearer ${FRESH}`,
      '/api/partner': `Bearer ${FRESH}`,
      '/api/office': null,
    });
  });

  it('keeps the contexts apart: a staff refresh does not touch the customer token', async () => {
    const customer = jwt(seconds(NOW) + 7200, 'customer');
    const { page, api } = fakePage('/crm/home', { crm_token: EXPIRED, cabinet_token: customer });
    page.answer = (request) => (isRefresh(request) ? json({ token: FRESH }) : json([]));
    const { client } = api({ now: () => NOW });
    await client.GET('/api/order');
    await client.GET('/api/user/orders', { kind: 'cabinet' });
    expect(page.store.getItem('crm_token')).toBe(FRESH);
    expect(page.store.getItem('cabinet_token')).toBe(customer);
    expect(page.requests.filter(isRefresh)).toHaveLength(1);
  });

  it('leaves a fresh token alone', async () => {
    const { page, api } = fakePage('/cabinet/orders', { cabinet_token: FRESH });
    await api({ now: () => NOW }).client.GET('/api/user/orders');
    expect(page.requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/user/orders']);
  });

  it('applies the normal 401 handling when the refresh is refused, and the call never leaves', async () => {
    vi.useFakeTimers({ now: NOW });
    const { page, api } = fakePage('/cabinet/profile', { cabinet_token: EXPIRED, cabinet_role: 'USER' });
    page.answer = (request) =>
      isRefresh(request) ? json({ code: 'UNAUTHORIZED', message: 'Сессия завершена' }, 401) : json({});
    const call = api({ now: () => NOW }).client.GET('/api/profile');
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(page.requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/auth/refresh']);
    expect(page.store.getItem('cabinet_token')).toBeNull();
    expect(page.store.getItem('cabinet_role')).toBeNull();
    await vi.runAllTimersAsync();
    expect(page.visited).toEqual(['/cabinet-login?redirect=%2Fcabinet%2Fprofile']);
  });

  it('still makes the call with the old token when the refresh cannot reach the server', async () => {
    const { page, api } = fakePage('/cabinet/orders', { cabinet_token: EXPIRED });
    page.answer = (request) => {
      if (isRefresh(request)) throw new TypeError('Failed to fetch');
      return json([]);
    };
    await api({ now: () => NOW }).client.GET('/api/user/orders');
    expect(page.requests.map(authorization)).toEqual([`Bearer ${EXPIRED}`, `Bearer ${EXPIRED}`]);
    expect(page.store.getItem('cabinet_token')).toBe(EXPIRED);
  });

  it('tells the session stores about the new token', async () => {
    const { page, api } = fakePage('/crm/home', { crm_token: EXPIRED });
    page.answer = (request) => (isRefresh(request) ? json({ token: FRESH }) : json([]));
    const gateway = api({ now: () => NOW });
    const seen: string[] = [];
    gateway.onTokenRefreshed((context, token) => seen.push(`${context} ${token}`));
    await gateway.client.GET('/api/order');
    expect(seen).toEqual([`crm ${FRESH}`]);
  });
});

describe('forgetting a context', () => {
  it('removes its stored session and nothing of the other context', () => {
    const { page, api } = fakePage('/crm/home', {
      crm_token: FRESH,
      crm_role: 'ADMIN',
      crm_authStatus: 'AUTHORIZED',
      crmUserProfile: '{}',
      cabinet_token: EXPIRED,
    });
    api().forget('crm');
    for (const key of ['crm_token', 'crm_role', 'crm_authStatus', 'crmUserProfile'])
      expect(page.store.getItem(key)).toBeNull();
    expect(page.store.getItem('cabinet_token')).toBe(EXPIRED);
  });
});
