import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../ui/coming-soon';
import { pageHead } from '../../../../ui/page-title';

export const Route = createFileRoute('/_backoffice/crm/tariffs/$id')({
  head: ({ params }) => pageHead(`Тариф №${params.id}`),
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return <ComingSoon title={`Тариф №${id}`} />;
}
