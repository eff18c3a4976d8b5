import { describe, expect, it } from 'vitest';
import {
  accessRequestDecision,
  afterStaffSignIn,
  type BaseSide,
  cabinetLoginDecision,
  cabinetRouteDecision,
  redirectHelperTarget,
  type StaffSide,
  staffLoginDecision,
  staffRouteDecision,
} from './guards';
import type { RouteRequirement } from './permissions';

const NOBODY: BaseSide = { authorized: false, role: null };
const staff = (role: string | null): StaffSide => ({ hasToken: true, role });
const NO_STAFF: StaffSide = { hasToken: false, role: null };

/** The kinds of staff path, each with what it requires (docs/roles-and-access.md). */
const PATHS: Array<[string, RouteRequirement]> = [
  ['/crm/home', {}],
  ['/crm/stats', {}],
  ['/crm/users', {}],
  ['/crm/orders', {}],
  ['/crm/orders/15', {}],
  ['/crm/monitoring', { permission: 'view_orders' }],
  ['/crm/monitoring/queue', { permission: 'view_orders', roles: ['ADMIN'] }],
  ['/crm/monitoring/cron', { permission: 'view_orders', roles: ['ADMIN'] }],
  ['/crm/push-notifications', { roles: ['ADMIN', 'MANAGER'] }],
  ['/profile', {}],
];

/** Expected outcome per role and path: 'allow' or where the user is sent. */
const EXPECTED: Record<string, Record<string, string>> = {
  ADMIN: Object.fromEntries(PATHS.map(([path]) => [path, 'allow'])),
  MANAGER: {
    ...Object.fromEntries(PATHS.map(([path]) => [path, 'allow'])),
    '/crm/monitoring/queue': '/no-access',
    '/crm/monitoring/cron': '/no-access',
  },
  PARTNER: {
    ...Object.fromEntries(PATHS.map(([path]) => [path, '/crm/orders'])),
    '/crm/orders': 'allow',
    '/crm/orders/15': 'allow',
  },
};

function decide(
  pathname: string,
  staffSide: StaffSide,
  base: BaseSide = NOBODY,
  requirement: RouteRequirement = {},
) {
  return staffRouteDecision({ pathname, path: `${pathname}?tab=1`, staff: staffSide, base, requirement });
}

describe('staff routes, for every staff role and path kind', () => {
  for (const role of ['ADMIN', 'MANAGER', 'PARTNER']) {
    it.each(PATHS)(`${role} on %s`, (pathname, requirement) => {
      const decision = decide(pathname, staff(role), NOBODY, requirement);
      const outcome = decision.kind === 'allow' ? 'allow' : decision.href;
      expect(outcome).toBe(EXPECTED[role]?.[pathname]);
      if (decision.kind === 'redirect') expect(decision.clearStaff).toBeFalsy();
    });
  }
});

describe('staff routes without staff access', () => {
  it.each(PATHS)('nobody signed in on %s goes to /login with the way back', (pathname, requirement) => {
    expect(decide(pathname, NO_STAFF, NOBODY, requirement)).toEqual({
      kind: 'redirect',
      href: `/login?redirect=${encodeURIComponent(`${pathname}?tab=1`)}`,
    });
  });

  it.each([['USER'], ['SUPERVISOR'], [null]])(
    'a staff token with role %j: staff data cleared, to /login',
    (role) => {
      expect(decide('/crm/home', staff(role))).toEqual({
        kind: 'redirect',
        href: '/login?redirect=%2Fcrm%2Fhome%3Ftab%3D1',
        clearStaff: true,
      });
    },
  );

  it('a customer signed into the cabinet only (USER): staff data cleared, to /login — not staff', () => {
    expect(decide('/crm/home', NO_STAFF, { authorized: true, role: 'USER' })).toMatchObject({
      href: '/login?redirect=%2Fcrm%2Fhome%3Ftab%3D1',
      clearStaff: true,
    });
  });

  it('a staff role known only from another sign-in goes to /crm-access-request', () => {
    expect(decide('/crm/stats', NO_STAFF, { authorized: true, role: 'MANAGER' })).toEqual({
      kind: 'redirect',
      href: '/crm-access-request',
    });
  });
});

describe('cabinet routes', () => {
  it('let a signed-in customer in', () => {
    expect(cabinetRouteDecision({ path: '/cabinet/orders', cabinetAuthorized: true })).toEqual({
      kind: 'allow',
    });
  });

  it('send anyone else to /cabinet-login with the way back', () => {
    expect(cabinetRouteDecision({ path: '/cabinet/orders/7?x=1', cabinetAuthorized: false })).toEqual({
      kind: 'redirect',
      href: '/cabinet-login?redirect=%2Fcabinet%2Forders%2F7%3Fx%3D1',
    });
  });
});

describe('the staff login page', () => {
  it('sends a visitor from a cabinet page to the cabinet orders', () => {
    expect(
      staffLoginDecision({ previousPath: '/cabinet/profile', staff: NO_STAFF, redirect: undefined }),
    ).toEqual({
      kind: 'redirect',
      href: '/cabinet/orders',
    });
  });

  it('sends signed-in staff on: to ?redirect=, else home (PARTNER: orders)', () => {
    expect(
      staffLoginDecision({ previousPath: undefined, staff: staff('ADMIN'), redirect: '/crm/users' }),
    ).toEqual({
      kind: 'redirect',
      href: '/crm/users',
    });
    expect(
      staffLoginDecision({ previousPath: '/order/step-1', staff: staff('MANAGER'), redirect: undefined }),
    ).toMatchObject({
      href: '/crm/home',
    });
    expect(
      staffLoginDecision({ previousPath: undefined, staff: staff('PARTNER'), redirect: undefined }),
    ).toMatchObject({
      href: '/crm/orders',
    });
  });

  it('shows the form to everyone else (the route then clears staff data)', () => {
    expect(
      staffLoginDecision({ previousPath: '/cabinet-login', staff: staff('USER'), redirect: undefined }),
    ).toEqual({
      kind: 'show',
    });
  });

  it('after a sign-in: on for staff roles, refused for USER', () => {
    expect(afterStaffSignIn('PARTNER', undefined)).toEqual({ kind: 'go', href: '/crm/orders' });
    expect(afterStaffSignIn('ADMIN', '/crm/tariffs')).toEqual({ kind: 'go', href: '/crm/tariffs' });
    expect(afterStaffSignIn('USER', '/crm/home')).toEqual({ kind: 'refused' });
  });
});

describe('the cabinet login page', () => {
  it('sends a signed-in customer to ?redirect= or the orders', () => {
    expect(cabinetLoginDecision({ cabinetAuthorized: true, redirect: undefined })).toEqual({
      kind: 'redirect',
      href: '/cabinet/orders',
    });
    expect(cabinetLoginDecision({ cabinetAuthorized: true, redirect: '/cabinet/invoices' })).toMatchObject({
      href: '/cabinet/invoices',
    });
  });

  it('shows the form otherwise (the route then clears cabinet data)', () => {
    expect(cabinetLoginDecision({ cabinetAuthorized: false, redirect: '/cabinet/invoices' })).toEqual({
      kind: 'show',
    });
  });
});

describe('access request and redirect helpers', () => {
  it('/crm-access-request opens for anyone: signed out it explains, signed in it is the form', () => {
    expect(accessRequestDecision(true)).toEqual({ kind: 'allow' });
    expect(accessRequestDecision(false)).toEqual({ kind: 'allow' });
  });

  it.each([
    ['cabinet', true, NO_STAFF, '/cabinet/orders'],
    ['cabinet', false, staff('ADMIN'), '/cabinet-login?redirect=%2Fcabinet%2Forders'],
    ['admin', false, staff('ADMIN'), '/crm/home'],
    ['admin', false, staff('PARTNER'), '/crm/orders'],
    ['admin', true, NO_STAFF, '/login?redirect=%2Fcrm%2Fhome'],
    ['partner', false, staff('PARTNER'), '/crm/orders'],
    ['partner', false, staff('USER'), '/login?redirect=%2Fcrm%2Forders'],
  ] as const)(
    '/%s-redirect (cabinet signed in: %s, staff %j) goes to %s',
    (helper, cabinetAuthorized, staffSide, href) => {
      expect(redirectHelperTarget(helper, { cabinetAuthorized, staff: staffSide })).toBe(href);
    },
  );
});
