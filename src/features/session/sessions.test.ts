import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePage, JWT } from '../../api/test-helpers';
import { createSessions } from './sessions';

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

function start(pathname: string, stored: Record<string, string>) {
  const { page, api } = fakePage(pathname, stored);
  page.answer = () => new Response(null, { status: 204 });
  const sessions = createSessions({ api: api(), store: page.store, target: null });
  sessions.start();
  return { page, sessions };
}

describe('start-up duties', () => {
  it('logs out a staff session whose role is not a staff role', async () => {
    const { page, sessions } = start('/crm/home', {
      crm_token: JWT,
      crm_role: 'USER',
      crm_authStatus: 'AUTHORIZED',
    });
    await vi.waitFor(() => expect(page.store.getItem('crm_token')).toBeNull());
    expect(page.requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/auth/logout']);
    expect(page.store.getItem('crm_role')).toBeNull();
    expect(sessions.crm.getState().status).toBe('NEW');
  });

  it('leaves a staff session with a staff role alone', async () => {
    const { page, sessions } = start('/crm/home', { crm_token: JWT, crm_role: 'PARTNER' });
    await Promise.resolve();
    expect(page.requests).toHaveLength(0);
    expect(sessions.crm.getState()).toMatchObject({ status: 'AUTHORIZED', role: 'PARTNER' });
  });

  it('restores each context from its own keys', () => {
    const { sessions } = start('/order/step-1', {
      cabinet_token: JWT,
      cabinet_role: 'USER',
      token: JWT,
      role: 'MANAGER',
    });
    expect(sessions.cabinet.getState().status).toBe('AUTHORIZED');
    expect(sessions.general.getState()).toMatchObject({ status: 'AUTHORIZED', role: 'MANAGER' });
    expect(sessions.crm.getState().status).toBe('NEW');
  });

  it('drops a former customer’s details beside a staff token outside the order form', () => {
    const stored = {
      crm_token: JWT,
      crm_role: 'ADMIN',
      cabinet_user: '{"email":"old@b.ru"}',
      cabinetUserProfile: '{}',
    };
    expect(start('/crm/home', stored).page.store.getItem('cabinet_user')).toBeNull();
    expect(start('/order/step-3', stored).page.store.getItem('cabinet_user')).not.toBeNull();
  });
});
