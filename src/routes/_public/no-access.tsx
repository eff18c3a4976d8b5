import { createFileRoute } from '@tanstack/react-router';
import { NoAccessPage } from '../../features/session/sign-in/no-access-page';
import { pageHead } from '../../ui/page-title';

export const Route = createFileRoute('/_public/no-access')({
  head: () => pageHead('Нет доступа'),
  component: NoAccessPage,
});
