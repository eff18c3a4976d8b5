import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../../../features/monitoring/dashboard-page';
import { useSession } from '../../../../features/session/use-session';
import { pageHead } from '../../../../ui/page-title';

export const Route = createFileRoute('/_backoffice/crm/monitoring/')({
  head: () => pageHead('Мониторинг заказов'),
  staticData: { permission: 'view_orders' },
  component: Page,
});

function Page() {
  const { role } = useSession('crm');
  const navigate = Route.useNavigate();
  return (
    <DashboardPage
      role={role}
      onOpenOrder={(orderId) => void navigate({ to: '/crm/monitoring/order/$orderId', params: { orderId } })}
    />
  );
}
