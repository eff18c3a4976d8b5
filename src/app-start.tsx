/**
 * The app's start after the entry (main.tsx): the router, the shell's start-up duties (401
 * redirects through the router, the persistent-storage request and, when a session is stored, the
 * session stores' own: staff role check, token refresh timer), and what the first render needs.
 * Each step that costs the main thread a long while runs in a task of its own.
 */
import { RouterProvider } from '@tanstack/react-router';
import { type ReactNode, StrictMode } from 'react';
import { appApi } from './api/app-api';
import { readInitialAnswers } from './api/initial-answers';
import { hasStoredSession, readToken } from './api/tokens';
import { STEP_ONE_PATH } from './domain/cache-bust';
import { isLegalPagePath } from './domain/legal-pages';
import { CABINET_LOGIN_PATH } from './domain/prerendered-paths';
import { isInstalledApp } from './features/landing/landing-environment';
import { nextTask } from './features/shell/next-task';
import { requestPersistentStorage } from './features/shell/persistent-storage';
import { type AppRouter, createAppRouter, loadAppSessions } from './router';

export interface PreparedApp {
  app: ReactNode;
  /** True when the first render is the prerendered page already on screen (hydrate it). */
  hydrate: boolean;
}

/**
 * Building the router (every route of the app, ranked) takes a task of its own; the page's route
 * chunks then load and evaluate in theirs (router.load) on a prerendered page.
 */
export async function prepareApp(root: HTMLElement): Promise<PreparedApp> {
  await nextTask();
  const router = createAppRouter();
  appApi.setNavigate((href) => void router.history.push(href));
  requestPersistentStorage(navigator.storage, window, isInstalledApp());
  if (hasStoredSession()) void loadAppSessions();
  if (window.location.pathname === '/' && readToken('cabinet')) preloadCabinetOrders(router);
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  if (root.dataset.prerendered === undefined) return { app, hydrate: false };
  // Should the step fail to load (a chunk lost to a deploy), the app starts as on any other page.
  const hydrate = await matchesPrerendered(router).catch(() => false);
  return { app, hydrate };
}

/**
 * A page the server prerendered (server/http/prerendered-pages.ts): first the page's chunks, the
 * catalogue the order form's step carries and its stored draft, so the app's first render is the
 * page already on screen. The step, the customer sign-in and the customer documents are rendered
 * for a visitor with no draft and no session: when this device's first render matches that, React
 * hydrates the HTML,
 * keeping every node. A returning visitor's ticks differ from the step's empty draft, a signed-in
 * device has the bottom bar, a query changes the sign-in, and the cabinet's frame is rendered for
 * nobody in particular, so then the app renders afresh instead, replacing the page in one commit.
 */
async function matchesPrerendered(router: AppRouter): Promise<boolean> {
  const { pathname, search } = window.location;
  const onStepOne = pathname === STEP_ONE_PATH;
  readInitialAnswers(document);
  const [, draftEmpty] = await Promise.all([
    router.load(),
    // The step's stored draft loads only on the step, and the app database with it only where the
    // device has one (a first visit starts empty; the first change opens it: first-draft.ts).
    onStepOne
      ? import('./features/order-form/first-draft').then(
          (module) => module.readFirstDraft(),
          () => false,
        )
      : undefined,
  ]);
  const matches = onStepOne
    ? draftEmpty === true
    : search === '' && (pathname === CABINET_LOGIN_PATH || isLegalPagePath(pathname));
  if (!matches || hasStoredSession()) return false;
  // The router renders a page it hydrates as it rendered it on the server (no Suspense around the
  // root's matches): what TanStack's own hydration sets, without a dehydrated state to read.
  router.ssr = { manifest: undefined };
  return true;
}

/**
 * The installed app opens at the landing, which sends a signed-in customer on to the orders
 * (routes/_public/index.tsx): the orders' route chunks and their guard load while the landing
 * decides, side by side, not one round of imports after another once it has (the offline start
 * to the cached list).
 */
function preloadCabinetOrders(router: AppRouter): void {
  for (const id of ['/cabinet', '/cabinet/orders/'] as const)
    void router.loadRouteChunk(router.routesById[id])?.catch(() => undefined);
  void router.preloadRoute({ to: '/cabinet/orders' }).catch(() => undefined);
}
