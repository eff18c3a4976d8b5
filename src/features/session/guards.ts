/**
 * The guard rules (docs/roles-and-access.md) as pure decisions: what a route does for a given
 * session. The route files (src/routes/-shared/guards.ts) turn them into redirects.
 */
import { isRole, isStaffRole, type StaffRole } from '../../domain/roles';
import { meetsRequirement, type RouteRequirement } from './permissions';

export type GuardDecision =
  | { kind: 'allow' }
  | {
      kind: 'redirect';
      href: string;
      /** Staff data is cleared first (a USER or an unknown role on a staff page). */
      clearStaff?: boolean;
    };

/** A login page either sends the visitor on, or shows its form after clearing its context. */
export type LoginPageDecision = { kind: 'redirect'; href: string } | { kind: 'show' };

export interface StaffSide {
  /** A staff token is stored. */
  hasToken: boolean;
  /** The stored staff role, raw (null when none). */
  role: string | null;
}

/** A sign-in of another context (cabinet or general): a "base login". */
export interface BaseSide {
  authorized: boolean;
  role: string | null;
}

const ALLOW: GuardDecision = { kind: 'allow' };

function under(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function withRedirect(loginPath: '/login' | '/cabinet-login', path: string): string {
  return `${loginPath}?redirect=${encodeURIComponent(path)}`;
}

export function hasStaffAccess(staff: StaffSide): staff is { hasToken: true; role: StaffRole } {
  return staff.hasToken && isStaffRole(staff.role);
}

/** The first back-office page of a staff role. */
export function staffHome(role: StaffRole): '/crm/home' | '/crm/orders' {
  return role === 'PARTNER' ? '/crm/orders' : '/crm/home';
}

export function isCabinetPath(pathname: string): boolean {
  return under(pathname, '/cabinet');
}

export interface StaffRouteInput {
  pathname: string;
  /** pathname + search: where to come back after sign-in. */
  path: string;
  staff: StaffSide;
  base: BaseSide;
  requirement?: RouteRequirement;
}

/**
 * A staff route (/crm/..., /profile): staff sign-in needed, else /login?redirect=. Signed in
 * somewhere without staff access: a USER or an unknown role has staff data cleared and goes to
 * login; any other known role goes to /crm-access-request. A PARTNER sees only the orders; a
 * route's permission or roles send others to /no-access.
 */
export function staffRouteDecision({
  pathname,
  path,
  staff,
  base,
  requirement = {},
}: StaffRouteInput): GuardDecision {
  if (hasStaffAccess(staff)) {
    if (staff.role === 'PARTNER' && !under(pathname, '/crm/orders'))
      return { kind: 'redirect', href: '/crm/orders' };
    if (!meetsRequirement(staff.role, requirement)) return { kind: 'redirect', href: '/no-access' };
    return ALLOW;
  }
  const login = withRedirect('/login', path);
  const role = staff.hasToken ? staff.role : base.authorized ? base.role : undefined;
  if (role === undefined) return { kind: 'redirect', href: login };
  if (role === 'USER' || !isRole(role)) return { kind: 'redirect', href: login, clearStaff: true };
  return { kind: 'redirect', href: '/crm-access-request' };
}

/** A cabinet route: cabinet sign-in needed, else /cabinet-login?redirect=. */
export function cabinetRouteDecision({
  path,
  cabinetAuthorized,
}: {
  path: string;
  cabinetAuthorized: boolean;
}) {
  return cabinetAuthorized
    ? ALLOW
    : ({ kind: 'redirect', href: withRedirect('/cabinet-login', path) } as const);
}

/**
 * /login: coming from a cabinet page goes to the cabinet orders; a signed-in staff user goes on
 * (redirect or home); everyone else gets the form, with staff data cleared.
 */
export function staffLoginDecision(input: {
  previousPath: string | undefined;
  staff: StaffSide;
  redirect: string | undefined;
}): LoginPageDecision {
  if (input.previousPath && isCabinetPath(input.previousPath))
    return { kind: 'redirect', href: '/cabinet/orders' };
  if (hasStaffAccess(input.staff))
    return { kind: 'redirect', href: input.redirect ?? staffHome(input.staff.role) };
  return { kind: 'show' };
}

/** /cabinet-login: a signed-in customer goes on; everyone else gets the form, with cabinet data cleared. */
export function cabinetLoginDecision(input: {
  cabinetAuthorized: boolean;
  redirect: string | undefined;
}): LoginPageDecision {
  if (input.cabinetAuthorized) return { kind: 'redirect', href: input.redirect ?? '/cabinet/orders' };
  return { kind: 'show' };
}

/** Where a staff sign-in on /login leads: on, or refused for a role without staff access. */
export function afterStaffSignIn(
  role: string,
  redirect: string | undefined,
): { kind: 'go'; href: string } | { kind: 'refused' } {
  if (!isStaffRole(role)) return { kind: 'refused' };
  return { kind: 'go', href: redirect ?? staffHome(role) };
}

/**
 * /crm-access-request opens for anyone: signed in (any context), it is the request form; signed
 * out, it says what back-office access is and how to get it (an invitation, or confirming one's
 * email first — a USER cannot sign in on /login), so the staff sign-in's «Запросите его» never
 * lands on the customers' sign-in unexplained.
 */
export function accessRequestDecision(_anyAuthorized: boolean): GuardDecision {
  return ALLOW;
}

/** Where the request page sends a signed-out visitor to confirm their email first. */
export const ACCESS_REQUEST_SIGN_IN = withRedirect('/cabinet-login', '/crm-access-request');

export type RedirectHelper = 'cabinet' | 'admin' | 'partner';

/** /cabinet-redirect, /admin-redirect, /partner-redirect: straight to the place, or its login. */
export function redirectHelperTarget(
  helper: RedirectHelper,
  session: { cabinetAuthorized: boolean; staff: StaffSide },
): string {
  if (helper === 'cabinet') {
    return session.cabinetAuthorized ? '/cabinet/orders' : withRedirect('/cabinet-login', '/cabinet/orders');
  }
  const target = helper === 'partner' ? '/crm/orders' : '/crm/home';
  if (!hasStaffAccess(session.staff)) return withRedirect('/login', target);
  return helper === 'partner' ? target : staffHome(session.staff.role);
}
