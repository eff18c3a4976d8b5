/** React's view of the sessions: the stores through useSyncExternalStore. */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { SessionContext } from '../../api/tokens';
import { appSessions } from './app-sessions';
import type { Sessions } from './sessions';
import type { SessionState } from './status-machine';

/** Tests provide their own sessions; the app uses appSessions(). */
export const SessionsContext = createContext<Sessions | null>(null);

export function useSessions(): Sessions {
  return useContext(SessionsContext) ?? appSessions();
}

export function useSession(context: SessionContext): SessionState {
  const store = useSessions()[context];
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
