import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../ui/coming-soon';
export const Route = createFileRoute('/_backoffice/crm/monitoring/queue')({
  staticData: { permission: 'view_orders', roles: ['ADMIN'] },
  component: () => <ComingSoon title="Очередь автоматизации" />,
});
