import { createFileRoute } from '@tanstack/react-router';
import { AccountDeletedPage } from '../../features/profile/account-deleted-page';
import { pageHead } from '../../ui/page-title';

export const Route = createFileRoute('/_public/account-deleted')({
  head: () => pageHead('Аккаунт удалён'),
  component: AccountDeletedPage,
});
