/**
 * The router: the generated route tree (src/routes → routeTree.gen.ts), scroll to the top on a
 * new page and back to the old position on Back, preloading on hover or focus, the default
 * not-found and error pages, and the context the guards read (sessions, the previous page).
 */
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { StaffRole } from './domain/roles';
import type { Permission } from './features/session/permissions';
import type { Sessions } from './features/session/sessions';
import { ErrorPage } from './features/shell/error-page';
import { NotFoundPage } from './features/shell/not-found-page';
import { routeTree } from './routeTree.gen';

/** The app's sessions, in a chunk of their own (the order form's first visit does not load it). */
export const loadAppSessions = (): Promise<Sessions> =>
  import('./features/session/app-sessions').then((module) => module.appSessions());

export interface AppRouterOptions {
  history?: RouterHistory;
  sessions?: () => Promise<Sessions>;
}

export function createAppRouter({ history, sessions = loadAppSessions }: AppRouterOptions = {}) {
  let previousPath: string | undefined;
  const router = createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { sessions, previousPath: () => previousPath },
    defaultPreload: 'intent',
    scrollRestoration: true,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: ErrorPage,
  });
  router.subscribe('onResolved', ({ toLocation }) => {
    previousPath = toLocation.pathname;
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/** A permission a route requires beyond its area's sign-in, checked by the staff guard. */
export type RoutePermission = Permission;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    permission?: RoutePermission;
    /** Only these staff roles may open the route (queue and periodic jobs: ADMIN; push: ADMIN, MANAGER). */
    roles?: readonly StaffRole[];
  }
}
