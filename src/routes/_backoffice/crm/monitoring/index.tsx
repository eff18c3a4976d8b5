import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../ui/coming-soon';
import { pageHead } from '../../../../ui/page-title';
export const Route = createFileRoute('/_backoffice/crm/monitoring/')({
  head: () => pageHead('Мониторинг заказов'),
  staticData: { permission: 'view_orders' },
  component: () => <ComingSoon title="Мониторинг заказов" />,
});
