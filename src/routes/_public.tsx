import { createFileRoute, Outlet } from '@tanstack/react-router';
import { PublicLayout } from './_public/-components/public-layout';

export const Route = createFileRoute('/_public')({ component: PublicArea });

function PublicArea() {
  return (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}
