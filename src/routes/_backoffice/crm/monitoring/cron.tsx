import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../ui/coming-soon';
import { pageHead } from '../../../../ui/page-title';
export const Route = createFileRoute('/_backoffice/crm/monitoring/cron')({
  head: () => pageHead('Периодические задачи'),
  staticData: { permission: 'view_orders', roles: ['ADMIN'] },
  component: () => <ComingSoon title="Периодические задачи" />,
});
