import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../ui/coming-soon';
export const Route = createFileRoute('/_backoffice/crm/monitoring/cron')({
  staticData: { permission: 'view_orders', roles: ['ADMIN'] },
  component: () => <ComingSoon title="Периодические задачи" />,
});
