import { createFileRoute } from '@tanstack/react-router';
import { TariffsPage } from '../../../../features/catalogue/tariffs-page';
import { pageHead } from '../../../../ui/page-title';

export const Route = createFileRoute('/_backoffice/crm/tariffs/')({
  head: () => pageHead('Тарифы'),
  // Spec 6: only ADMIN's menu has this screen; a MANAGER who types the address gets /no-access.
  staticData: { roles: ['ADMIN'] },
  component: TariffsPage,
});
