import { createFileRoute } from '@tanstack/react-router';
import { OfficesPage } from '../../../features/offices/offices-page';
import { pageHead } from '../../../ui/page-title';

export const Route = createFileRoute('/_backoffice/crm/offices')({
  head: () => pageHead('Офисы'),
  // Spec 6: only ADMIN's menu has this screen; a MANAGER who types the address gets /no-access.
  staticData: { roles: ['ADMIN'] },
  component: OfficesPage,
});
