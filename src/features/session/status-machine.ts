/**
 * The session status machine (docs/sessions-and-tokens.md), pure. Each sign-in call moves the
 * status on its start, its success and its failure:
 * - email code request: PENDING, then CODE_WAITING, or back to NEW;
 * - code verification: ENTERED_CODE, then AUTHORIZED, or back to CODE_WAITING;
 * - hash login and login with a password: PENDING, then AUTHORIZED, or NEW;
 * - logout: NEW, with user, token, role and permissions cleared.
 * A call starts only from NEW or CODE_WAITING: never twice at once, and never over a live session
 * (the login pages clear or leave a signed-in context first). An answer counts only while its call
 * is still the one in progress, so a late answer after a logout is dropped.
 */
import type { components } from '../../api/schema.gen';
import { type Permission, permissionsFor } from './permissions';

export type SessionStatus = components['schemas']['SessionStatus'];

export const DEFAULT_ROLE = 'USER';

/** What the app knows of the signed-in user; a staff session restored from storage knows only the contacts. */
export interface SessionUser {
  id: number | null;
  email: string | null;
  phoneNumber: string | null;
  firstName: string | null;
  lastName: string | null;
  partnerId: number | null;
}

const EMPTY_USER: SessionUser = {
  id: null,
  email: null,
  phoneNumber: null,
  firstName: null,
  lastName: null,
  partnerId: null,
};

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  /** The cabinet's hash from a sign-in answer; this server always answers null. */
  hash: string | null;
  user: SessionUser | null;
  /** USER when none is known. May hold an unknown value read from storage. */
  role: string;
  permissions: readonly Permission[];
  /** The message of the last failed call, for the screen. */
  error: string | null;
}

export const SIGNED_OUT: SessionState = {
  status: 'NEW',
  token: null,
  hash: null,
  user: null,
  role: DEFAULT_ROLE,
  permissions: [],
  error: null,
};

export type SessionEvent =
  | { type: 'codeRequested' }
  | { type: 'codeSent' }
  | { type: 'codeRequestFailed'; error: string }
  | { type: 'codeEntered' }
  | { type: 'codeRejected'; error: string }
  | { type: 'loginStarted' }
  | { type: 'loginFailed'; error: string }
  | { type: 'signedIn'; token: string; hash: string | null; user: SessionUser; role: string }
  | { type: 'codeCancelled' }
  | { type: 'tokenRefreshed'; token: string }
  | { type: 'userChanged'; user: Partial<SessionUser> }
  | { type: 'signedOut' }
  | { type: 'restored'; state: SessionState };

type EventType = SessionEvent['type'];

const ANY: readonly SessionStatus[] = ['NEW', 'PENDING', 'CODE_WAITING', 'ENTERED_CODE', 'AUTHORIZED'];
const IDLE: readonly SessionStatus[] = ['NEW', 'CODE_WAITING'];

/** From which statuses each event is accepted, and the status it leads to. */
export const TRANSITIONS: Record<EventType, { from: readonly SessionStatus[]; to: SessionStatus | null }> = {
  codeRequested: { from: IDLE, to: 'PENDING' },
  codeSent: { from: ['PENDING'], to: 'CODE_WAITING' },
  codeRequestFailed: { from: ['PENDING'], to: 'NEW' },
  codeEntered: { from: IDLE, to: 'ENTERED_CODE' },
  codeRejected: { from: ['ENTERED_CODE'], to: 'CODE_WAITING' },
  loginStarted: { from: IDLE, to: 'PENDING' },
  loginFailed: { from: ['PENDING'], to: 'NEW' },
  signedIn: { from: ['PENDING', 'ENTERED_CODE'], to: 'AUTHORIZED' },
  codeCancelled: { from: ['CODE_WAITING'], to: 'NEW' },
  tokenRefreshed: { from: ['AUTHORIZED'], to: null },
  userChanged: { from: ['AUTHORIZED'], to: null },
  signedOut: { from: ANY, to: 'NEW' },
  restored: { from: ANY, to: null },
};

export function isLoading(status: SessionStatus): boolean {
  return status === 'PENDING' || status === 'ENTERED_CODE';
}

export function accepts(status: SessionStatus, type: EventType): boolean {
  return TRANSITIONS[type].from.includes(status);
}

/** The next state; the same object when the event does not apply in the current status. */
export function sessionReducer(state: SessionState, event: SessionEvent): SessionState {
  if (!accepts(state.status, event.type)) return state;
  const to = TRANSITIONS[event.type].to ?? state.status;
  switch (event.type) {
    case 'signedIn':
      return {
        status: to,
        token: event.token,
        hash: event.hash,
        user: event.user,
        role: event.role || DEFAULT_ROLE,
        permissions: permissionsFor(event.role),
        error: null,
      };
    case 'signedOut':
      return SIGNED_OUT;
    case 'restored':
      return event.state;
    case 'tokenRefreshed':
      return { ...state, token: event.token };
    case 'userChanged':
      return { ...state, user: { ...(state.user ?? EMPTY_USER), ...event.user } };
    case 'codeRequestFailed':
    case 'codeRejected':
    case 'loginFailed':
      return { ...state, status: to, error: event.error };
    default:
      return { ...state, status: to, error: null };
  }
}
