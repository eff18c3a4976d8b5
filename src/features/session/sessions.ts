/**
 * The three session stores of the app (general, crm, cabinet) and their start-up duties: the
 * staff role check, the token refresh timer, following the gateway's 401s and token
 * refreshes, and other tabs' sign-ins and sign-outs. The general context is the one older builds
 * kept under the unprefixed keys: it is restored, shown and signed out like the others, but this
 * app signs in only into crm (/login) and cabinet (/cabinet-login, links).
 */
import type { Api } from '../../api/client';
import type { KeyValueStore } from '../../api/local-store';
import { readToken, SESSION_KEYS, type SessionContext } from '../../api/tokens';
import { isStaffRole } from '../../domain/roles';
import { startTokenRefresh } from './refresh-timer';
import { dropsCabinetLeftovers } from './session-storage';
import { createSessionStore, type SessionDeps, type SessionStore } from './session-store';

export interface Sessions {
  general: SessionStore;
  crm: SessionStore;
  cabinet: SessionStore;
  /** The storage the stores live in (the guards read the raw staff role from it). */
  store: KeyValueStore;
  api: Api;
  /** Starts the start-up duties once; later calls do nothing. */
  start(): void;
  /** Stops them (tests). */
  stop(): void;
}

export const SESSION_CONTEXTS: readonly SessionContext[] = ['general', 'crm', 'cabinet'];

export interface SessionsDeps extends SessionDeps {
  /** Where activity and other tabs' storage events are heard; none in tests without a window. */
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
}

export function createSessions(deps: SessionsDeps): Sessions {
  const { api, store } = deps;
  const general = createSessionStore('general', deps);
  const crm = createSessionStore('crm', deps);
  const cabinet = createSessionStore('cabinet', deps);
  const stops: Array<() => void> = [];
  let started = false;

  stops.push(
    api.onUnauthorized((context) => (context === 'crm' ? crm : cabinet).signedOutByGateway()),
    api.onTokenRefreshed((context, token) => (context === 'crm' ? crm : cabinet).tokenRefreshed(token)),
  );

  return {
    general,
    crm,
    cabinet,
    store,
    api,
    start() {
      if (started) return;
      started = true;
      // Spec 4: a staff session whose role is not a staff role is ended at start.
      const staffRole = store.getItem(SESSION_KEYS.crm.role);
      if (readToken('crm', store) && !isStaffRole(staffRole)) void crm.logout();
      if (dropsCabinetLeftovers(store, api.location().pathname)) cabinet.clear();

      const target = deps.target === undefined ? globalThis.window : deps.target;
      if (!target) return;
      stops.push(startTokenRefresh({ sessions: [crm, cabinet], target, now: deps.now }));
      const onStorage = () => {
        for (const session of [general, crm, cabinet]) session.restore();
      };
      target.addEventListener('storage', onStorage);
      stops.push(() => target.removeEventListener('storage', onStorage));
    },
    stop() {
      for (const stop of stops.splice(0)) stop();
    },
  };
}
