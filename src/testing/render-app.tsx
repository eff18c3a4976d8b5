/**
 * Test harness: the real route tree in a memory router, with the app's gateway replaced by one
 * on a fake server, a fresh IndexedDB, and session stores on that gateway. Sessions live in this
 * window's localStorage, as in the app (clear it between tests: `localStorage.clear()`); sign a
 * context in beforehand with signInAs(). For component tests under happy-dom (which has no
 * service worker, so the update prompt stays silent).
 */
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createApi } from '../api/client';
import { DataLayerContext } from '../api/data-layer';
import { type KeyValueStore, localStore } from '../api/local-store';
import { SESSION_KEYS, type SessionContext } from '../api/tokens';
import { responseCache } from '../db/cache';
import type { AppDatabase } from '../db/schema';
import { testDb } from '../db/test-db';
import { createSessions } from '../features/session/sessions';
import { SessionsContext } from '../features/session/use-session';
import { type AppRouter, createAppRouter } from '../router';

export type FakeServer = (request: Request) => Response | Promise<Response>;

export const TEST_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';

export function renderApp(
  path: string,
  server: FakeServer,
  db: AppDatabase = testDb(),
  store: KeyValueStore = localStore(),
) {
  const history = createMemoryHistory({ initialEntries: [path] });
  let router: AppRouter | undefined;
  const api = createApi({
    baseUrl: 'http://app.test',
    store,
    cache: responseCache(db),
    location: () => ({
      pathname: router?.state.location.pathname ?? path,
      search: router?.state.location.searchStr ?? '',
    }),
    navigate: (href) => void router?.history.push(href),
    fetch: async (request) => server(request),
  });
  const sessions = createSessions({ api, store, target: null });
  router = createAppRouter({ history, sessions: async () => sessions });
  const view = render(
    <DataLayerContext.Provider value={{ api, db }}>
      <SessionsContext.Provider value={sessions}>
        <RouterProvider router={router} />
      </SessionsContext.Provider>
    </DataLayerContext.Provider>,
  );
  return { ...view, router, db, sessions, store };
}

/** Stores a signed-in session of the context, as a sign-in would have. */
export function signInAs(
  context: Exclude<SessionContext, 'general'>,
  role: string,
  { email = 'anna@example.ru', token = TEST_TOKEN, store = localStore() } = {},
): void {
  const keys = SESSION_KEYS[context];
  store.setItem(keys.token, token);
  store.setItem(keys.authStatus, 'AUTHORIZED');
  store.setItem(keys.role, role);
  store.setItem(keys.profile, JSON.stringify({ email, phoneNumber: null }));
}

export function setOnline(online: boolean): void {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}
