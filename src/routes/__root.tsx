import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../features/shell/not-found-page';
import { PublicLayout } from './_public/-components/public-layout';
import { RouteTitle } from './-components/route-title';
import { ShellNotices } from './-components/shell-notices';
import type { RouterContext } from './-shared/router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  // A path outside every area gets the public frame; inside an area the area's own frame stays.
  notFoundComponent: () => (
    <PublicLayout>
      <NotFoundPage />
    </PublicLayout>
  ),
});

function Root() {
  return (
    <>
      <RouteTitle />
      <Outlet />
      <ShellNotices />
    </>
  );
}
