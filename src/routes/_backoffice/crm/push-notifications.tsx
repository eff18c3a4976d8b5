import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../ui/coming-soon';
export const Route = createFileRoute('/_backoffice/crm/push-notifications')({
  staticData: { roles: ['ADMIN', 'MANAGER'] },
  component: () => <ComingSoon title="Push-уведомления" />,
});
