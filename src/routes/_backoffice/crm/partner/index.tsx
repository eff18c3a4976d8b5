import { createFileRoute } from '@tanstack/react-router';
import { PartnersPage } from '../../../../features/partners/partners-page';
import { pageHead } from '../../../../ui/page-title';

export const Route = createFileRoute('/_backoffice/crm/partner/')({
  head: () => pageHead('Партнёры'),
  // Spec 6: only ADMIN's menu has this screen; a MANAGER who types the address gets /no-access.
  staticData: { roles: ['ADMIN'] },
  component: PartnersPage,
});
