import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../ui/coming-soon';
import { pageHead } from '../../../../../ui/page-title';

export const Route = createFileRoute('/_backoffice/crm/monitoring/order/$orderId')({
  head: ({ params }) => pageHead(`Мониторинг заказа №${params.orderId}`),
  staticData: { permission: 'view_orders' },
  component: Page,
});

function Page() {
  const { orderId } = Route.useParams();
  return <ComingSoon title={`Мониторинг заказа №${orderId}`} />;
}
