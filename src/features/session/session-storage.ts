/**
 * A session as it lives in local storage (keys per context, in src/api/tokens.ts), and the rules
 * for reading it back (docs/sessions-and-tokens.md): restore, staff role storage, the stored profile
 * (email and phone only).
 */
import type { KeyValueStore } from '../../api/local-store';
import { APP_KEYS, readToken, SESSION_KEYS, type SessionContext } from '../../api/tokens';
import { isStaffRole } from '../../domain/roles';
import { permissionsFor } from './permissions';
import { DEFAULT_ROLE, type SessionState, type SessionUser, SIGNED_OUT } from './status-machine';

function under(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The order form and the cabinet login: pages where a staff role is never saved. */
export function isOrderOrCabinetLoginPath(pathname: string): boolean {
  return under(pathname, '/order') || under(pathname, '/cabinet-login');
}

/**
 * Staff role storage: only ADMIN, MANAGER or PARTNER is kept; any other role is rejected
 * and a stored one cleared. Nothing is saved on the order form or the cabinet login.
 * Returns whether the role is stored now.
 */
export function saveStaffRole(role: unknown, pathname: string, store: KeyValueStore): boolean {
  if (isOrderOrCabinetLoginPath(pathname)) return false;
  if (!isStaffRole(role)) {
    store.removeItem(SESSION_KEYS.crm.role);
    return false;
  }
  store.setItem(SESSION_KEYS.crm.role, role);
  return true;
}

function readJson(store: KeyValueStore, key: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(store.getItem(key) ?? 'null');
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const integer = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);

export function toSessionUser(value: Record<string, unknown> | null): SessionUser | null {
  if (!value) return null;
  return {
    id: integer(value.id),
    email: text(value.email),
    phoneNumber: text(value.phoneNumber),
    firstName: text(value.firstName),
    lastName: text(value.lastName),
    partnerId: integer(value.partnerId),
  };
}

function storedUser(context: SessionContext, store: KeyValueStore): SessionUser | null {
  const keys: Record<string, string> = SESSION_KEYS[context];
  return toSessionUser(
    (keys.user ? readJson(store, keys.user) : null) ?? (keys.profile ? readJson(store, keys.profile) : null),
  );
}

/**
 * Restore: AUTHORIZED when the context has a stored token, otherwise NEW. Each
 * context reads only its own token, so a cabinet token never signs anyone into the back office
 * and a staff token never into the cabinet. In the staff context a stored role outside the three
 * staff roles invalidates the session.
 */
export function restoreSession(context: SessionContext, store: KeyValueStore): SessionState {
  const keys: Record<string, string> = SESSION_KEYS[context];
  const token = readToken(context, store);
  const role = store.getItem(keys.role ?? '') || DEFAULT_ROLE;
  if (!token || (context === 'crm' && !isStaffRole(role))) return SIGNED_OUT;
  return {
    status: 'AUTHORIZED',
    token,
    hash: keys.hash ? store.getItem(keys.hash) : null,
    user: storedUser(context, store),
    role,
    permissions: permissionsFor(role),
    error: null,
  };
}

/**
 * Spec 5: in the cabinet context a staff token without a cabinet token is unauthorised, except on
 * the order form and the cabinet login. Outside those pages the cabinet's leftovers (status, role,
 * user, profile) are dropped, so a staff member using the device never sees a former customer's
 * details; the order form keeps them (its contact step reads the stored profile) and the cabinet
 * login manages them itself.
 */
export function dropsCabinetLeftovers(store: KeyValueStore, pathname: string): boolean {
  return (
    readToken('cabinet', store) === null &&
    readToken('crm', store) !== null &&
    !isOrderOrCabinetLoginPath(pathname)
  );
}

/** The contacts kept as the context's stored profile (email and phone only). */
export function storedProfile(user: SessionUser): string {
  return JSON.stringify({ email: user.email, phoneNumber: user.phoneNumber });
}

/** Writes a signed-in session of the context; the staff role goes through saveStaffRole. */
export function writeSignedIn(
  context: SessionContext,
  state: SessionState,
  store: KeyValueStore,
  pathname: string,
): void {
  const keys: Record<string, string> = SESSION_KEYS[context];
  if (!state.token) return;
  store.setItem(keys.token as string, state.token);
  store.setItem(keys.authStatus as string, state.status);
  if (context === 'crm') saveStaffRole(state.role, pathname, store);
  else if (keys.role) store.setItem(keys.role, state.role);
  if (keys.user && state.user) store.setItem(keys.user, JSON.stringify(state.user));
  if (context === 'cabinet' && state.user?.email) store.setItem(APP_KEYS.cabinetLastEmail, state.user.email);
  if (keys.profile && state.user) store.setItem(keys.profile, storedProfile(state.user));
  if (keys.hash) {
    if (state.hash) store.setItem(keys.hash, state.hash);
    else store.removeItem(keys.hash);
  }
}

/** The email this device last signed into the cabinet with, offered by the sign-in page. */
export function lastCabinetEmail(store: KeyValueStore): string | null {
  const email = store.getItem(APP_KEYS.cabinetLastEmail)?.trim();
  return email ? email : null;
}

/** Spec 9: a logout is "recent" for 5 s; the automatic link sign-in does not undo it meanwhile. */
export const LOGOUT_EXPIRY_MS = 5000;

export function recentlyLoggedOut(store: KeyValueStore, now: number): boolean {
  const at = Number(store.getItem(APP_KEYS.lastLogoutTime));
  return Number.isFinite(at) && at > 0 && now - at < LOGOUT_EXPIRY_MS;
}
