import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../ui/coming-soon';
import { pageHead } from '../../../../../ui/page-title';

export const Route = createFileRoute('/_backoffice/crm/partner/$partnerId/points')({
  head: ({ params }) => pageHead(`Пункты выдачи партнёра №${params.partnerId}`),
  component: Page,
});

function Page() {
  const { partnerId } = Route.useParams();
  return <ComingSoon title={`Пункты выдачи партнёра №${partnerId}`} />;
}
