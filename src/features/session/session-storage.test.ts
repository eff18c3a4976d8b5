import { describe, expect, it } from 'vitest';
import { memoryStore } from '../../api/local-store';
import {
  dropsCabinetLeftovers,
  recentlyLoggedOut,
  restoreSession,
  saveStaffRole,
  writeSignedIn,
} from './session-storage';
import { SIGNED_OUT } from './status-machine';

const STAFF = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c3RhZmY';
const CUSTOMER = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIyIn0.Y3VzdG9tZXI';

describe('restoring a session', () => {
  it('is AUTHORIZED when the context has a stored token, NEW otherwise', () => {
    const store = memoryStore({ cabinet_token: CUSTOMER, cabinet_role: 'USER' });
    expect(restoreSession('cabinet', store)).toMatchObject({
      status: 'AUTHORIZED',
      token: CUSTOMER,
      role: 'USER',
    });
    expect(restoreSession('general', store)).toBe(SIGNED_OUT);
  });

  it('repairs a damaged stored token first', () => {
    const store = memoryStore({ token: `${CUSTOMER}, null` });
    expect(restoreSession('general', store).token).toBe(CUSTOMER);
  });

  it('gives USER when no role is stored', () => {
    expect(restoreSession('cabinet', memoryStore({ cabinet_token: CUSTOMER })).role).toBe('USER');
  });

  it.each(['USER', 'SUPERVISOR', ''])(
    'staff context: a stored role %j outside the three invalidates it',
    (role) => {
      const store = memoryStore({ crm_token: STAFF, crm_role: role });
      expect(restoreSession('crm', store)).toBe(SIGNED_OUT);
    },
  );

  it.each(['ADMIN', 'MANAGER', 'PARTNER'])(
    'staff context: %s with a token is AUTHORIZED, with its permissions',
    (role) => {
      const state = restoreSession('crm', memoryStore({ crm_token: STAFF, crm_role: role }));
      expect(state).toMatchObject({ status: 'AUTHORIZED', role });
      expect(state.permissions).toEqual(role === 'PARTNER' ? [] : ['view_orders']);
    },
  );

  it('staff context: a cabinet token without a staff token is unauthorised', () => {
    const store = memoryStore({ cabinet_token: CUSTOMER, cabinet_role: 'ADMIN', role: 'ADMIN' });
    expect(restoreSession('crm', store).status).toBe('NEW');
  });

  it('cabinet context: a staff token without a cabinet token is unauthorised', () => {
    expect(restoreSession('cabinet', memoryStore({ crm_token: STAFF, crm_role: 'ADMIN' })).status).toBe(
      'NEW',
    );
  });

  it('reads the stored staff profile (email and phone) as the user', () => {
    const store = memoryStore({
      crm_token: STAFF,
      crm_role: 'ADMIN',
      crmUserProfile: JSON.stringify({ email: 'admin@perevod.local', phoneNumber: '+79160000000' }),
    });
    expect(restoreSession('crm', store).user).toMatchObject({
      email: 'admin@perevod.local',
      phoneNumber: '+79160000000',
    });
  });
});

describe('cabinet leftovers beside a staff token', () => {
  const staffOnly = () => memoryStore({ crm_token: STAFF, cabinet_user: '{}', cabinetUserProfile: '{}' });

  it('are dropped on cabinet and back-office pages', () => {
    expect(dropsCabinetLeftovers(staffOnly(), '/cabinet/orders')).toBe(true);
    expect(dropsCabinetLeftovers(staffOnly(), '/crm/home')).toBe(true);
  });

  it('are kept on the order form and the cabinet login', () => {
    expect(dropsCabinetLeftovers(staffOnly(), '/order/step-3')).toBe(false);
    expect(dropsCabinetLeftovers(staffOnly(), '/cabinet-login')).toBe(false);
  });

  it('are nobody’s business when the cabinet has its own token, or there is no staff token', () => {
    expect(
      dropsCabinetLeftovers(memoryStore({ crm_token: STAFF, cabinet_token: CUSTOMER }), '/crm/home'),
    ).toBe(false);
    expect(dropsCabinetLeftovers(memoryStore({ cabinet_user: '{}' }), '/crm/home')).toBe(false);
  });
});

describe('staff role storage', () => {
  it.each(['ADMIN', 'MANAGER', 'PARTNER'])('keeps %s', (role) => {
    const store = memoryStore();
    expect(saveStaffRole(role, '/login', store)).toBe(true);
    expect(store.getItem('crm_role')).toBe(role);
  });

  it.each(['USER', 'OWNER', null])('rejects %j and clears the stored role', (role) => {
    const store = memoryStore({ crm_role: 'ADMIN' });
    expect(saveStaffRole(role, '/login', store)).toBe(false);
    expect(store.getItem('crm_role')).toBeNull();
  });

  it.each(['/order/step-1', '/order', '/cabinet-login'])('skips the save on %s', (path) => {
    const store = memoryStore({ crm_role: 'MANAGER' });
    expect(saveStaffRole('ADMIN', path, store)).toBe(false);
    expect(saveStaffRole('USER', path, store)).toBe(false);
    expect(store.getItem('crm_role')).toBe('MANAGER');
  });
});

describe('writing a signed-in session', () => {
  const user = {
    id: 3,
    email: 'a@b.ru',
    phoneNumber: '+79161234567',
    firstName: 'А',
    lastName: null,
    partnerId: null,
  };

  it('keeps the cabinet’s token, status, role, user and its profile of email and phone', () => {
    const store = memoryStore();
    const state = { ...SIGNED_OUT, status: 'AUTHORIZED' as const, token: CUSTOMER, user, role: 'USER' };
    writeSignedIn('cabinet', state, store, '/cabinet-login');
    expect(store.getItem('cabinet_token')).toBe(CUSTOMER);
    expect(store.getItem('cabinet_authStatus')).toBe('AUTHORIZED');
    expect(store.getItem('cabinet_role')).toBe('USER');
    expect(JSON.parse(store.getItem('cabinet_user') ?? '')).toEqual(user);
    expect(JSON.parse(store.getItem('cabinetUserProfile') ?? '')).toEqual({
      email: 'a@b.ru',
      phoneNumber: '+79161234567',
    });
    expect(store.getItem('crm_token')).toBeNull();
  });

  it('saves a staff role only through the staff role rule', () => {
    const store = memoryStore();
    const state = { ...SIGNED_OUT, status: 'AUTHORIZED' as const, token: STAFF, user, role: 'USER' };
    writeSignedIn('crm', state, store, '/login');
    expect(store.getItem('crm_token')).toBe(STAFF);
    expect(store.getItem('crm_role')).toBeNull();
  });
});

describe('a recent logout (5000 ms)', () => {
  it('is recent for five seconds', () => {
    const store = memoryStore({ lastLogoutTime: '1000' });
    expect(recentlyLoggedOut(store, 5999)).toBe(true);
    expect(recentlyLoggedOut(store, 6000)).toBe(false);
    expect(recentlyLoggedOut(memoryStore(), 1000)).toBe(false);
  });
});
