import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../ui/coming-soon';
import { pageHead } from '../../../../ui/page-title';
export const Route = createFileRoute('/_backoffice/crm/monitoring/queue')({
  head: () => pageHead('Очередь автоматизации'),
  staticData: { permission: 'view_orders', roles: ['ADMIN'] },
  component: () => <ComingSoon title="Очередь автоматизации" />,
});
