/**
 * The app's sessions, on the app's gateway and this tab's storage. Loaded on first need (a guard,
 * a signed-in area, or at start when a session is stored), so the order form's first visit does
 * not download them.
 */
import { appApi } from '../../api/app-api';
import { localStore } from '../../api/local-store';
import { createSessions, type Sessions } from './sessions';

let sessions: Sessions | undefined;

export function appSessions(): Sessions {
  if (!sessions) {
    sessions = createSessions({ api: appApi, store: localStore() });
    sessions.start();
  }
  return sessions;
}
