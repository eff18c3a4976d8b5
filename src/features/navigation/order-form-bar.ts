/**
 * Spec 2: on the order form the bottom bar appears only if a role or a cabinet or general token
 * is stored. Its own module, because the order form's first load checks it without loading the
 * bar or its rules.
 */
import type { StoredSessionFacts } from '../../api/tokens';

export function barShowsOnOrderForm({ role, hasCabinetToken, hasGeneralToken }: StoredSessionFacts): boolean {
  return Boolean(role) || hasCabinetToken || hasGeneralToken;
}
