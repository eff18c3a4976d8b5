import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../ui/coming-soon';
import { pageHead } from '../../../../../ui/page-title';

export const Route = createFileRoute('/_backoffice/crm/partner/$partnerId/points')({
  head: ({ params }) => pageHead(`Пункты выдачи партнёра №${params.partnerId}`),
  // Spec 6: only ADMIN's menu has this screen; a MANAGER who types the address gets /no-access.
  staticData: { roles: ['ADMIN'] },
  component: Page,
});

function Page() {
  const { partnerId } = Route.useParams();
  return <ComingSoon title={`Пункты выдачи партнёра №${partnerId}`} />;
}
