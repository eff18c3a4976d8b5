/**
 * The local storage keys of each login context (docs/sessions-and-tokens.md), and the token helpers
 * the API gateway uses. Each login context keeps its own token, status, role and profile, so
 * signing into the cabinet never touches the back office session and the other way round. The
 * session stores (issue 3) build on these keys; nothing else in the app should spell them.
 */
import { type KeyValueStore, localStore } from './local-store';
import { normalizeToken } from './normalize-token';

export type SessionContext = 'general' | 'crm' | 'cabinet';

/** Keys kept per login context. */
export const SESSION_KEYS = {
  general: { token: 'token', authStatus: 'authStatus', role: 'role', user: 'user' },
  crm: { token: 'crm_token', authStatus: 'crm_authStatus', role: 'crm_role', profile: 'crmUserProfile' },
  cabinet: {
    token: 'cabinet_token',
    hash: 'cabinet_hash',
    authStatus: 'cabinet_authStatus',
    role: 'cabinet_role',
    user: 'cabinet_user',
    profile: 'cabinetUserProfile',
  },
} as const satisfies Record<SessionContext, { token: string } & Record<string, string>>;

/** Keys that belong to no single context. */
export const APP_KEYS = {
  lastLogoutTime: 'lastLogoutTime',
  /** The email a sign-in code was sent to; verifying the code needs it. */
  verificationEmail: 'verificationEmail',
  crmAccessRequested: 'crmAccessRequested',
  crmAccessRequestedDate: 'crmAccessRequestedDate',
  /**
   * Lets the landing route behave as in the installed app inside a normal tab
   * (docs/back-office-screens.md, the landing).
   */
  forcePwa: 'forcePWA',
  /** The user turned push off on this device: the app does not subscribe again at start. */
  pushTurnedOff: 'pushTurnedOff',
  /** The email the cabinet was last signed into on this device; a sign-out keeps it for the next sign-in. */
  cabinetLastEmail: 'cabinetLastEmail',
} as const;

/**
 * The context's token, repaired (normalize-token.ts). A repaired value is saved back so the next read is
 * clean; a value with no usable token is removed.
 */
export function readToken(context: SessionContext, store: KeyValueStore = localStore()): string | null {
  const key = SESSION_KEYS[context].token;
  const stored = store.getItem(key);
  const token = normalizeToken(stored);
  if (token !== stored) {
    if (token) store.setItem(key, token);
    else if (stored !== null) store.removeItem(key);
  }
  return token;
}

export function writeToken(
  context: SessionContext,
  token: string,
  store: KeyValueStore = localStore(),
): void {
  store.setItem(SESSION_KEYS[context].token, token);
}

/** Signs a context out locally: its token, status, role and stored profile go. */
export function clearSession(context: SessionContext, store: KeyValueStore = localStore()): void {
  for (const key of Object.values(SESSION_KEYS[context])) store.removeItem(key);
}

/** Whether any context holds a token: the app then starts its session duties at once. */
export function hasStoredSession(store: KeyValueStore = localStore()): boolean {
  return (Object.keys(SESSION_KEYS) as SessionContext[]).some(
    (context) => readToken(context, store) !== null,
  );
}

/** What the mobile bottom bar knows of the device's sessions, read without the session stores. */
export interface StoredSessionFacts {
  /** The staff role, else the general one; null when none is stored. */
  role: string | null;
  hasCabinetToken: boolean;
  hasGeneralToken: boolean;
}

export function storedSessionFacts(store: KeyValueStore = localStore()): StoredSessionFacts {
  return {
    role: store.getItem(SESSION_KEYS.crm.role) || store.getItem(SESSION_KEYS.general.role) || null,
    hasCabinetToken: readToken('cabinet', store) !== null,
    hasGeneralToken: readToken('general', store) !== null,
  };
}
