import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../ui/coming-soon';
export const Route = createFileRoute('/_backoffice/crm/monitoring/cron')({
  staticData: { permission: 'view_orders' },
  component: () => <ComingSoon title="Периодические задачи" />,
});
