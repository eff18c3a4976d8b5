/**
 * The back-office access request (POST /api/auth/request-access) and its note on this device
 * (crmAccessRequested and its date), so a returning visitor sees that it was sent.
 */
import type { Api } from '../../../api/client';
import type { AuthContext } from '../../../api/context';
import { isApiError } from '../../../api/errors';
import type { KeyValueStore } from '../../../api/local-store';
import { APP_KEYS } from '../../../api/tokens';
import type { Sessions } from '../sessions';

export const ACCESS_REQUEST_EXISTS = 'Этот email уже ожидает рассмотрения или уже имеет доступ';

export interface AccessRequestInput {
  email: string;
  name: string;
  reason: string;
}

/** When this device sent a request, if it did. */
export function storedAccessRequest(store: KeyValueStore): Date | null {
  if (store.getItem(APP_KEYS.crmAccessRequested) !== 'true') return null;
  const date = new Date(store.getItem(APP_KEYS.crmAccessRequestedDate) ?? '');
  return Number.isNaN(date.getTime()) ? new Date(0) : date;
}

/** The signed-in context the request goes out in: staff if signed in there, else the cabinet. */
export function requestContext(sessions: Sessions): AuthContext {
  return sessions.crm.getState().status === 'AUTHORIZED' ? 'crm' : 'cabinet';
}

export async function sendAccessRequest(
  api: Api,
  store: KeyValueStore,
  kind: AuthContext,
  input: AccessRequestInput,
  now: Date = new Date(),
): Promise<Date> {
  try {
    await api.client.POST('/api/auth/request-access', { body: input, kind });
  } catch (error) {
    if (isApiError(error) && error.status === 409) throw new Error(ACCESS_REQUEST_EXISTS);
    throw error;
  }
  store.setItem(APP_KEYS.crmAccessRequested, 'true');
  store.setItem(APP_KEYS.crmAccessRequestedDate, now.toISOString());
  return now;
}
