/** The facts the guard decisions take, read from the sessions and their storage. */
import { readToken, SESSION_KEYS } from '../../api/tokens';
import type { BaseSide, StaffSide } from './guards';
import type { Sessions } from './sessions';

/** The staff context as stored: a token, and the role beside it (raw, maybe invalid). */
export function staffSide({ store }: Sessions): StaffSide {
  return { hasToken: readToken('crm', store) !== null, role: store.getItem(SESSION_KEYS.crm.role) };
}

/** A sign-in of the cabinet, else of the general context. */
export function baseSide({ cabinet, general }: Sessions): BaseSide {
  for (const session of [cabinet, general]) {
    const state = session.getState();
    if (state.status === 'AUTHORIZED') return { authorized: true, role: state.role };
  }
  return { authorized: false, role: null };
}

export function isCabinetAuthorized(sessions: Sessions): boolean {
  return sessions.cabinet.getState().status === 'AUTHORIZED';
}

export function isAnyAuthorized(sessions: Sessions): boolean {
  return [sessions.general, sessions.crm, sessions.cabinet].some((s) => s.getState().status === 'AUTHORIZED');
}
