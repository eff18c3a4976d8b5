import { createFileRoute } from '@tanstack/react-router';
import { StatsPage } from '../../../features/stats/stats-page';
import { pageHead } from '../../../ui/page-title';

export const Route = createFileRoute('/_backoffice/crm/stats')({
  head: () => pageHead('Статистика'),
  // Spec 6: only ADMIN's menu has this screen; a MANAGER who types the address gets /no-access.
  staticData: { roles: ['ADMIN'] },
  component: StatsPage,
});
