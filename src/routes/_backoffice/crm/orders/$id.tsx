import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../ui/coming-soon';
import { pageHead } from '../../../../ui/page-title';

export const Route = createFileRoute('/_backoffice/crm/orders/$id')({
  head: ({ params }) => pageHead(`Заказ №${params.id} (бэк-офис)`),
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return <ComingSoon title={`Заказ №${id}`} />;
}
