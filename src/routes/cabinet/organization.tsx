import { createFileRoute } from '@tanstack/react-router';
import { OrganizationPage } from '../../features/cabinet/organization-page';
import { pageHead } from '../../ui/page-title';

export const Route = createFileRoute('/cabinet/organization')({
  head: () => pageHead('Организация'),
  component: OrganizationPage,
});
