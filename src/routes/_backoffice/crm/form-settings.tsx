import { createFileRoute } from '@tanstack/react-router';
import { FormSettingsPage } from '../../../features/catalogue/form-settings-page';
import { pageHead } from '../../../ui/page-title';

export const Route = createFileRoute('/_backoffice/crm/form-settings')({
  head: () => pageHead('Настройки формы'),
  // Spec 6: only ADMIN's menu has this screen; a MANAGER who types the address gets /no-access.
  staticData: { roles: ['ADMIN'] },
  component: FormSettingsPage,
});
