import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../ui/coming-soon';
export const Route = createFileRoute('/_backoffice/crm/monitoring/')({
  staticData: { permission: 'view_orders' },
  component: () => <ComingSoon title="Мониторинг заказов" />,
});
