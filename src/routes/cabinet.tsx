import { createFileRoute, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../features/shell/not-found-page';
import { CabinetLayout } from './cabinet/-components/cabinet-layout';

// Sign-in guard (spec 6) arrives with issue 3, as this route's beforeLoad.
export const Route = createFileRoute('/cabinet')({
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
