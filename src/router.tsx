/**
 * The router: the generated route tree (src/routes → routeTree.gen.ts), scroll to the top on a
 * new page and back to the old position on Back, preloading on hover or focus, and the default
 * not-found and error pages.
 */
import { createRouter } from '@tanstack/react-router';
import { ErrorPage } from './features/shell/error-page';
import { NotFoundPage } from './features/shell/not-found-page';
import { routeTree } from './routeTree.gen';

export function createAppRouter() {
  return createRouter({
    routeTree,
    defaultPreload: 'intent',
    scrollRestoration: true,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: ErrorPage,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/** A permission a route requires beyond its area's sign-in, checked by the staff guard (issue 3). */
export type RoutePermission = 'view_orders';

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    permission?: RoutePermission;
  }
}
