/**
 * Test harness: the real route tree in a memory router, with the app's gateway replaced by one
 * on a fake server and a fresh IndexedDB. For component tests under happy-dom.
 *
 * The update prompt imports vite-plugin-pwa's virtual module, which exists only in a Vite build:
 * a test file that renders the app mocks it first:
 *   vi.mock('../../features/shell/update-prompt', () => ({ UpdatePrompt: () => null }));
 */
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createApi } from '../api/client';
import { DataLayerContext } from '../api/data-layer';
import { memoryStore } from '../api/local-store';
import { responseCache } from '../db/cache';
import type { AppDatabase } from '../db/schema';
import { testDb } from '../db/test-db';
import { routeTree } from '../routeTree.gen';

export type FakeServer = (request: Request) => Response | Promise<Response>;

export function renderApp(path: string, server: FakeServer, db: AppDatabase = testDb()) {
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createRouter({ routeTree, history });
  const api = createApi({
    baseUrl: 'http://app.test',
    store: memoryStore(),
    cache: responseCache(db),
    location: () => ({ pathname: router.state.location.pathname, search: '' }),
    navigate: (href) => void router.history.push(href),
    fetch: async (request) => server(request),
  });
  const view = render(
    <DataLayerContext.Provider value={{ api, db }}>
      <RouterProvider router={router} />
    </DataLayerContext.Provider>,
  );
  return { ...view, router, db };
}

export function setOnline(online: boolean): void {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}
