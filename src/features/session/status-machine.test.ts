import { describe, expect, it } from 'vitest';
import {
  accepts,
  isLoading,
  type SessionEvent,
  type SessionState,
  type SessionStatus,
  SIGNED_OUT,
  sessionReducer,
} from './status-machine';

const USER = { id: 7, email: 'a@b.ru', phoneNumber: null, firstName: null, lastName: null, partnerId: null };
const signedIn: SessionEvent = { type: 'signedIn', token: 't1', hash: null, user: USER, role: 'MANAGER' };

function at(status: SessionStatus, extra: Partial<SessionState> = {}): SessionState {
  return { ...SIGNED_OUT, status, ...extra };
}

/** Runs events from a state and lists the statuses passed through. */
function walk(start: SessionState, events: SessionEvent[]): SessionStatus[] {
  const statuses: SessionStatus[] = [];
  let state = start;
  for (const event of events) {
    state = sessionReducer(state, event);
    statuses.push(state.status);
  }
  return statuses;
}

describe('session status machine', () => {
  it('requesting a code: PENDING, then CODE_WAITING on success', () => {
    expect(walk(SIGNED_OUT, [{ type: 'codeRequested' }, { type: 'codeSent' }])).toEqual([
      'PENDING',
      'CODE_WAITING',
    ]);
  });

  it('requesting a code: back to NEW on failure, with the reason', () => {
    const state = sessionReducer(at('PENDING'), { type: 'codeRequestFailed', error: 'Слишком часто' });
    expect(state).toMatchObject({ status: 'NEW', error: 'Слишком часто' });
  });

  it('asking for another code from the code step goes through PENDING again', () => {
    expect(walk(at('CODE_WAITING'), [{ type: 'codeRequested' }, { type: 'codeSent' }])).toEqual([
      'PENDING',
      'CODE_WAITING',
    ]);
  });

  it('verifying a code: ENTERED_CODE, then AUTHORIZED with token, user, role and permissions', () => {
    const entered = sessionReducer(at('CODE_WAITING'), { type: 'codeEntered' });
    expect(entered.status).toBe('ENTERED_CODE');
    expect(sessionReducer(entered, signedIn)).toEqual({
      status: 'AUTHORIZED',
      token: 't1',
      hash: null,
      user: USER,
      role: 'MANAGER',
      permissions: ['view_orders'],
      error: null,
    });
  });

  it('verifying a code: back to CODE_WAITING on failure', () => {
    const state = sessionReducer(at('ENTERED_CODE'), { type: 'codeRejected', error: 'Неверный код' });
    expect(state).toMatchObject({ status: 'CODE_WAITING', error: 'Неверный код' });
  });

  it('hash login and password login: PENDING, then AUTHORIZED', () => {
    expect(walk(SIGNED_OUT, [{ type: 'loginStarted' }, signedIn])).toEqual(['PENDING', 'AUTHORIZED']);
  });

  it('hash login and password login: back to NEW on failure', () => {
    expect(walk(SIGNED_OUT, [{ type: 'loginStarted' }, { type: 'loginFailed', error: 'x' }])).toEqual([
      'PENDING',
      'NEW',
    ]);
  });

  it('logout: NEW, clearing user, token, role (back to USER) and permissions', () => {
    const authorized = sessionReducer(at('PENDING'), signedIn);
    expect(sessionReducer(authorized, { type: 'signedOut' })).toEqual({
      status: 'NEW',
      token: null,
      hash: null,
      user: null,
      role: 'USER',
      permissions: [],
      error: null,
    });
  });

  it('logout applies from every status', () => {
    for (const status of ['NEW', 'PENDING', 'CODE_WAITING', 'ENTERED_CODE', 'AUTHORIZED'] as const) {
      expect(sessionReducer(at(status, { token: 'x' }), { type: 'signedOut' }).status).toBe('NEW');
    }
  });

  it('role is USER by default, even when a sign-in answer names none', () => {
    expect(SIGNED_OUT.role).toBe('USER');
    expect(sessionReducer(at('PENDING'), { ...signedIn, role: '' }).role).toBe('USER');
  });

  it('counts PENDING and ENTERED_CODE as loading, nothing else', () => {
    expect(
      ['NEW', 'PENDING', 'CODE_WAITING', 'ENTERED_CODE', 'AUTHORIZED'].filter((s) =>
        isLoading(s as SessionStatus),
      ),
    ).toEqual(['PENDING', 'ENTERED_CODE']);
  });

  it('starts no call while another is loading, nor over a live session', () => {
    for (const status of ['PENDING', 'ENTERED_CODE', 'AUTHORIZED'] as const) {
      for (const type of ['codeRequested', 'codeEntered', 'loginStarted'] as const) {
        expect(accepts(status, type), `${type} from ${status}`).toBe(false);
      }
    }
  });

  it('drops a late answer: a sign-in arriving after a logout changes nothing', () => {
    expect(sessionReducer(SIGNED_OUT, signedIn)).toBe(SIGNED_OUT);
    expect(sessionReducer(at('CODE_WAITING'), { type: 'codeSent' }).status).toBe('CODE_WAITING');
  });

  it('«Изменить email» goes from the code step back to NEW', () => {
    expect(sessionReducer(at('CODE_WAITING'), { type: 'codeCancelled' }).status).toBe('NEW');
    expect(sessionReducer(at('ENTERED_CODE'), { type: 'codeCancelled' }).status).toBe('ENTERED_CODE');
  });

  it('a refreshed token replaces the old one only in a signed-in session', () => {
    const authorized = sessionReducer(at('PENDING'), signedIn);
    expect(sessionReducer(authorized, { type: 'tokenRefreshed', token: 't2' })).toMatchObject({
      status: 'AUTHORIZED',
      token: 't2',
    });
    expect(sessionReducer(SIGNED_OUT, { type: 'tokenRefreshed', token: 't2' }).token).toBeNull();
  });
});
