import { createFileRoute } from '@tanstack/react-router';
import { PointsPage } from '../../../../../features/partners/points-page';
import { NotFoundPage } from '../../../../../features/shell/not-found-page';
import { pageHead } from '../../../../../ui/page-title';

export const Route = createFileRoute('/_backoffice/crm/partner/$partnerId/points')({
  head: ({ params }) => pageHead(`Пункты выдачи партнёра №${params.partnerId}`),
  // Spec 6: only ADMIN's menu has this screen; a MANAGER who types the address gets /no-access.
  staticData: { roles: ['ADMIN'] },
  component: Page,
});

function Page() {
  const partnerId = Number(Route.useParams().partnerId);
  if (!Number.isInteger(partnerId) || partnerId < 1 || partnerId > 2147483647) return <NotFoundPage />;
  return <PointsPage key={partnerId} partnerId={partnerId} />;
}
