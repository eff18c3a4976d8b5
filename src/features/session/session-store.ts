/**
 * One login context's session (general, crm or cabinet): its state under the status machine, kept
 * in local storage, and the sign-in calls that move it (docs/sessions-and-tokens.md). React reads
 * it through useSyncExternalStore (use-session.ts). Navigation after a call is the screen's
 * business.
 */
import type { Api } from '../../api/client';
import type { AuthContext } from '../../api/context';
import { toApiError } from '../../api/errors';
import type { KeyValueStore } from '../../api/local-store';
import type { components } from '../../api/schema.gen';
import { APP_KEYS, readToken, SESSION_KEYS, type SessionContext } from '../../api/tokens';
import { restoreSession, toSessionUser, writeSignedIn } from './session-storage';
import {
  accepts,
  isLoading,
  type SessionEvent,
  type SessionState,
  type SessionUser,
  sessionReducer,
} from './status-machine';

type AuthResult = components['schemas']['AuthResult'];

export const MISSING_VERIFICATION_EMAIL = 'Не найден email для проверки. Начните процесс авторизации заново.';
export const CALL_IN_PROGRESS = 'Вход уже выполняется';

export interface SessionDeps {
  api: Api;
  store: KeyValueStore;
  now?: () => number;
}

export interface SessionStore {
  readonly context: SessionContext;
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Reads the stored session again (start, another tab's change). */
  restore(): void;
  /** Emails a code; resolves with the seconds before another may be asked for. */
  /** `personalDataConsent`: the cabinet sign-in's consent checkbox, kept for the account once the code is used. */
  requestCode(email: string, personalDataConsent?: boolean): Promise<number>;
  verifyCode(code: string): Promise<SessionState>;
  /** The one-time link of an email; false when it was refused (the reason is in state.error). */
  loginByHash(email: string, hash: string): Promise<boolean>;
  login(login: string, password: string): Promise<SessionState>;
  /** Sets the password by a staff invitation's one-time link and signs in with it. */
  acceptInvitation(token: string, password: string): Promise<SessionState>;
  /** Back from the code step to the email step («Изменить email»). */
  cancelCode(): void;
  /** A fresh token for a signed-in context; false when none came. */
  refresh(): Promise<boolean>;
  /** Ends the session on the server (errors only logged), then on this device. */
  logout(): Promise<void>;
  /** Ends the session on this device only (its stored data and cached answers). */
  clear(): void;
  /** The gateway already ended the session (a 401): only the state follows. */
  signedOutByGateway(): void;
  /** The gateway replaced the token (POST /api/auth/refresh). */
  tokenRefreshed(token: string): void;
  /** The user's details changed (a saved profile): the state and the stored profile follow. */
  userChanged(user: Partial<SessionUser>): void;
}

function gatewayContext(context: SessionContext): AuthContext | null {
  return context === 'general' ? null : context;
}

export function createSessionStore(context: SessionContext, deps: SessionDeps): SessionStore {
  const { api, store } = deps;
  const now = deps.now ?? Date.now;
  const listeners = new Set<() => void>();
  const auth = gatewayContext(context);
  let state: SessionState = restoreSession(context, store);
  let hashLogin: { key: string; result: Promise<boolean> } | null = null;

  function dispatch(event: SessionEvent): SessionState {
    const next = sessionReducer(state, event);
    if (next === state) return state;
    state = next;
    if (state.status === 'NEW') store.removeItem(SESSION_KEYS[context].authStatus);
    else store.setItem(SESSION_KEYS[context].authStatus, state.status);
    for (const listener of listeners) listener();
    return state;
  }

  function start(type: 'codeRequested' | 'codeEntered' | 'loginStarted'): void {
    if (!accepts(state.status, type)) throw new Error(CALL_IN_PROGRESS);
    dispatch({ type });
  }

  function signedIn(result: AuthResult): SessionState {
    const user = toSessionUser(result.user);
    if (!user) throw new Error('Сервер не вернул пользователя');
    const event: SessionEvent = {
      type: 'signedIn',
      token: result.token,
      hash: result.hash ?? null,
      user,
      role: result.user.role,
    };
    // Stored before anyone hears of it, so whatever reads storage on the news sees the session.
    const next = sessionReducer(state, event);
    if (next !== state) writeSignedIn(context, next, store, api.location().pathname);
    return dispatch(event);
  }

  function requireGateway(): AuthContext {
    if (!auth) throw new Error('В общем контексте вход не выполняется');
    return auth;
  }

  function forgetHere(): void {
    if (auth) api.forget(auth);
    else for (const key of Object.values(SESSION_KEYS.general)) store.removeItem(key);
    dispatch({ type: 'signedOut' });
  }

  return {
    context,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    restore() {
      if (isLoading(state.status)) return;
      const restored = restoreSession(context, store);
      if (restored.status === 'NEW' && state.status === 'CODE_WAITING') return;
      dispatch({ type: 'restored', state: restored });
    },

    async requestCode(email, personalDataConsent) {
      requireGateway();
      start('codeRequested');
      try {
        const { data } = await api.client.POST('/api/auth/email/request-code', {
          body: personalDataConsent === undefined ? { email } : { email, personalDataConsent },
          kind: 'public',
        });
        store.setItem(APP_KEYS.verificationEmail, email);
        dispatch({ type: 'codeSent' });
        return data?.resendAfter ?? 60;
      } catch (error) {
        const failure = toApiError(error);
        console.warn('Code request failed', failure);
        dispatch({ type: 'codeRequestFailed', error: failure.message });
        throw failure;
      }
    },

    async verifyCode(code) {
      requireGateway();
      const email = store.getItem(APP_KEYS.verificationEmail);
      if (!email) throw new Error(MISSING_VERIFICATION_EMAIL);
      start('codeEntered');
      try {
        const { data } = await api.client.POST('/api/auth/email/verify', {
          body: { email, verificationCode: code },
          kind: 'public',
        });
        if (!data) throw new Error('Пустой ответ сервера');
        const next = signedIn(data);
        store.removeItem(APP_KEYS.verificationEmail);
        return next;
      } catch (error) {
        const failure = toApiError(error);
        console.warn('Code verification failed', failure);
        dispatch({ type: 'codeRejected', error: failure.message });
        throw failure;
      }
    },

    loginByHash(email, hash) {
      requireGateway();
      const key = `${email} ${hash}`;
      // The same link twice at once (a re-rendered page) is one call: the hash is single-use.
      if (hashLogin?.key === key) return hashLogin.result;
      const result = (async () => {
        try {
          start('loginStarted');
        } catch {
          return false;
        }
        try {
          const { data } = await api.client.POST('/api/auth/hash', { body: { email, hash }, kind: 'public' });
          if (!data) throw new Error('Пустой ответ сервера');
          return signedIn(data).status === 'AUTHORIZED';
        } catch (error) {
          const failure = toApiError(error);
          console.warn('Sign-in by link failed', failure);
          dispatch({ type: 'loginFailed', error: failure.message });
          return false;
        }
      })().finally(() => {
        hashLogin = null;
      });
      hashLogin = { key, result };
      return result;
    },

    async login(login, password) {
      requireGateway();
      start('loginStarted');
      try {
        const { data } = await api.client.POST('/api/auth/login', {
          body: { login, password },
          kind: 'public',
        });
        if (!data) throw new Error('Пустой ответ сервера');
        return signedIn(data);
      } catch (error) {
        const failure = toApiError(error);
        console.warn('Sign-in failed', failure);
        dispatch({ type: 'loginFailed', error: failure.message });
        throw failure;
      }
    },

    async acceptInvitation(token, password) {
      requireGateway();
      start('loginStarted');
      try {
        const { data } = await api.client.POST('/api/auth/invitation/accept', {
          body: { token, password },
          kind: 'public',
        });
        if (!data) throw new Error('Пустой ответ сервера');
        return signedIn(data);
      } catch (error) {
        const failure = toApiError(error);
        dispatch({ type: 'loginFailed', error: failure.message });
        throw failure;
      }
    },

    cancelCode() {
      dispatch({ type: 'codeCancelled' });
    },

    async refresh() {
      if (!auth || state.status !== 'AUTHORIZED') return false;
      return (await api.refreshToken(auth)) !== null;
    },

    async logout() {
      // The stored token, not the state's: a session restored as NEW (a bad role) still ends on the server.
      if (auth && readToken(auth, store)) {
        try {
          await api.client.POST('/api/auth/logout', { kind: auth });
        } catch (error) {
          console.warn('Logout call failed', error);
        }
      }
      store.setItem(APP_KEYS.lastLogoutTime, String(now()));
      forgetHere();
    },

    clear() {
      forgetHere();
    },

    signedOutByGateway() {
      dispatch({ type: 'signedOut' });
    },

    tokenRefreshed(token) {
      dispatch({ type: 'tokenRefreshed', token });
    },

    userChanged(user) {
      const known = toSessionUser(user as Record<string, unknown>) ?? {};
      const event: SessionEvent = {
        type: 'userChanged',
        user: Object.fromEntries(Object.entries(known).filter(([key]) => key in user)),
      };
      const next = sessionReducer(state, event);
      if (next !== state) writeSignedIn(context, next, store, api.location().pathname);
      dispatch(event);
    },
  };
}
