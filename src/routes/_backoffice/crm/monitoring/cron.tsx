import { createFileRoute } from '@tanstack/react-router';
import { CronPage } from '../../../../features/monitoring/cron-page';
import { useSession } from '../../../../features/session/use-session';
import { pageHead } from '../../../../ui/page-title';

export const Route = createFileRoute('/_backoffice/crm/monitoring/cron')({
  head: () => pageHead('Периодические задачи'),
  staticData: { permission: 'view_orders', roles: ['ADMIN'] },
  component: Page,
});

function Page() {
  const { role } = useSession('crm');
  return <CronPage role={role} />;
}
