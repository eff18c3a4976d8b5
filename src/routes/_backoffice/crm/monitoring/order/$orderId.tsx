import { createFileRoute } from '@tanstack/react-router';
import { OrderMonitoringPage } from '../../../../../features/monitoring/order-monitoring-page';
import { pageHead } from '../../../../../ui/page-title';

export const Route = createFileRoute('/_backoffice/crm/monitoring/order/$orderId')({
  head: ({ params }) => pageHead(`Мониторинг заказа №${params.orderId}`),
  staticData: { permission: 'view_orders' },
  component: Page,
});

function Page() {
  const { orderId } = Route.useParams();
  return <OrderMonitoringPage key={orderId} orderRef={orderId} />;
}
