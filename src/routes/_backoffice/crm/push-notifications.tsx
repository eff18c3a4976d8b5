import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../ui/coming-soon';
import { pageHead } from '../../../ui/page-title';
export const Route = createFileRoute('/_backoffice/crm/push-notifications')({
  head: () => pageHead('Push-уведомления'),
  staticData: { roles: ['ADMIN', 'MANAGER'] },
  component: () => <ComingSoon title="Push-уведомления" />,
});
