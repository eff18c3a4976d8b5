import { createRootRoute, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../features/shell/not-found-page';
import { ShellNotices } from '../features/shell/shell-notices';
import { PublicLayout } from './_public/-components/public-layout';

export const Route = createRootRoute({
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
      <Outlet />
      <ShellNotices />
    </>
  );
}
