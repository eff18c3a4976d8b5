/**
 * The guards of docs/roles-and-access.md for route beforeLoad: the decisions of
 * features/session/guards.ts, turned into redirects. Route files import this module lazily, so the
 * order form does not download it. Preloads (a hovered link) never redirect or clear anything; the
 * real navigation decides.
 */
import { redirect, type StaticDataRouteOption } from '@tanstack/react-router';
import type { LandingSession } from '../../features/landing/landing-target';
import {
  accessRequestDecision,
  cabinetLoginDecision,
  cabinetRouteDecision,
  type GuardDecision,
  hasStaffAccess,
  type RedirectHelper,
  redirectHelperTarget,
  staffLoginDecision,
  staffRouteDecision,
} from '../../features/session/guards';
import type { RouteRequirement } from '../../features/session/permissions';
import {
  baseSide,
  isAnyAuthorized,
  isCabinetAuthorized,
  staffSide,
} from '../../features/session/session-sides';
import type { RouterContext } from './router-context';

export interface GuardOptions {
  context: RouterContext;
  location: { pathname: string; searchStr: string };
  preload: boolean;
  cause: 'preload' | 'enter' | 'stay';
}

interface MatchesOption {
  matches: ReadonlyArray<{ staticData?: StaticDataRouteOption }>;
}

interface LoginSearchOption {
  search: { redirect?: string };
}

function go(href: string): never {
  throw redirect({ href, replace: true });
}

function follow(decision: GuardDecision): void {
  if (decision.kind === 'redirect') go(decision.href);
}

/** The permission and roles the deepest matched routes declare. */
export function requirementOf(matches: MatchesOption['matches']): RouteRequirement {
  const requirement: RouteRequirement = {};
  for (const { staticData } of matches) {
    if (staticData?.permission) requirement.permission = staticData.permission;
    if (staticData?.roles) requirement.roles = staticData.roles;
  }
  return requirement;
}

export async function guardStaffRoute({
  context,
  location,
  matches,
  preload,
}: GuardOptions & MatchesOption): Promise<void> {
  if (preload) return;
  const sessions = await context.sessions();
  const decision = staffRouteDecision({
    pathname: location.pathname,
    path: location.pathname + location.searchStr,
    staff: staffSide(sessions),
    base: baseSide(sessions),
    requirement: requirementOf(matches),
  });
  if (decision.kind === 'redirect' && decision.clearStaff) sessions.crm.clear();
  follow(decision);
}

export async function guardCabinetRoute({ context, location, preload }: GuardOptions): Promise<void> {
  if (preload) return;
  const sessions = await context.sessions();
  follow(
    cabinetRouteDecision({
      path: location.pathname + location.searchStr,
      cabinetAuthorized: isCabinetAuthorized(sessions),
    }),
  );
}

/** /login: on for signed-in staff or a visitor from the cabinet; else staff data is cleared. */
export async function guardStaffLogin({
  context,
  search,
  preload,
  cause,
}: GuardOptions & LoginSearchOption): Promise<void> {
  if (preload) return;
  const sessions = await context.sessions();
  const decision = staffLoginDecision({
    previousPath: context.previousPath(),
    staff: staffSide(sessions),
    redirect: search.redirect,
  });
  if (decision.kind === 'redirect') go(decision.href);
  if (cause === 'enter') sessions.crm.clear();
}

/** /cabinet-login: on for a signed-in customer; else cabinet data is cleared. */
export async function guardCabinetLogin({
  context,
  search,
  preload,
  cause,
}: GuardOptions & LoginSearchOption): Promise<void> {
  if (preload) return;
  const sessions = await context.sessions();
  const decision = cabinetLoginDecision({
    cabinetAuthorized: isCabinetAuthorized(sessions),
    redirect: search.redirect,
  });
  if (decision.kind === 'redirect') go(decision.href);
  if (cause === 'enter') sessions.cabinet.clear();
}

export async function guardAccessRequest({ context, preload }: GuardOptions): Promise<void> {
  if (preload) return;
  follow(accessRequestDecision(isAnyAuthorized(await context.sessions())));
}

export async function goToHelperTarget(helper: RedirectHelper, { context, preload }: GuardOptions) {
  if (preload) return;
  const sessions = await context.sessions();
  go(
    redirectHelperTarget(helper, {
      cabinetAuthorized: isCabinetAuthorized(sessions),
      staff: staffSide(sessions),
    }),
  );
}

/** The session as the landing route needs it. */
export async function landingSession(context: RouterContext): Promise<LandingSession> {
  const sessions = await context.sessions();
  return { cabinetAuthorized: isCabinetAuthorized(sessions), crmAccess: hasStaffAccess(staffSide(sessions)) };
}
