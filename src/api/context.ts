/**
 * Which login context a call belongs to (docs/sessions-and-tokens.md): the back office uses
 * crm_token, the cabinet and the public pages use cabinet_token, so a customer who is signed in
 * gets their order linked to them. A call may name its kind explicitly instead.
 */
export type AuthContext = 'crm' | 'cabinet';
/** What a call declares: a login context, or 'public' for no token at all. */
export type ApiKind = AuthContext | 'public';

export const API_KINDS: readonly ApiKind[] = ['crm', 'cabinet', 'public'];

export function isApiKind(value: unknown): value is ApiKind {
  return typeof value === 'string' && (API_KINDS as readonly string[]).includes(value);
}

/** Paths of the staff context; a prefix matches the path itself and everything below it. */
const STAFF_PATHS = [
  '/crm',
  '/crm-access-request',
  '/profile',
  '/login',
  '/admin-redirect',
  '/partner-redirect',
];

function under(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function contextForPath(pathname: string): AuthContext {
  return STAFF_PATHS.some((prefix) => under(pathname, prefix)) ? 'crm' : 'cabinet';
}

/** Where each context signs in, and where a 401 sends the user. */
export const LOGIN_PATHS: Record<AuthContext, string> = {
  crm: '/login',
  cabinet: '/cabinet-login',
};
