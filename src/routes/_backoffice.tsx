import { createFileRoute, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../features/shell/not-found-page';
import { pageHead } from '../ui/page-title';
import { BackofficeLayout } from './_backoffice/-components/backoffice-layout';

// Staff guards (docs/roles-and-access.md): sign-in, role, PARTNER to /crm/orders, each route's
// permission and roles.
export const Route = createFileRoute('/_backoffice')({
  head: () => pageHead('Бэк-офис'),
  beforeLoad: (options): Promise<void> =>
    import('./-shared/guards').then((guards) => guards.guardStaffRoute(options)),
  component: BackofficeArea,
  // An unknown path inside the area keeps the area's frame.
  notFoundComponent: NotFoundPage,
});

function BackofficeArea() {
  return (
    <BackofficeLayout>
      <Outlet />
    </BackofficeLayout>
  );
}
