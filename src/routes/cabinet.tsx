import { createFileRoute, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../features/shell/not-found-page';
import { pageHead } from '../ui/page-title';
import { CabinetLayout } from './cabinet/-components/cabinet-layout';

// Customer sign-in needed (docs/roles-and-access.md): else /cabinet-login?redirect=.
export const Route = createFileRoute('/cabinet')({
  head: () => pageHead('Личный кабинет'),
  beforeLoad: (options): Promise<void> =>
    import('./-shared/guards').then((guards) => guards.guardCabinetRoute(options)),
  component: CabinetArea,
  // An unknown path inside the area keeps the area's frame.
  notFoundComponent: NotFoundPage,
});

function CabinetArea() {
  return (
    <CabinetLayout>
      <Outlet />
    </CabinetLayout>
  );
}
