import { createFileRoute } from '@tanstack/react-router';
import { InvitationPage } from '../../features/session/sign-in/invitation-page';
import { pageHead } from '../../ui/page-title';
import { textSearch } from '../-shared/search';

// The link of an ADMIN's invitation mail: set a password, sign in. No sign-in needed.
export const Route = createFileRoute('/_public/crm-invite')({
  head: () => pageHead('Приглашение в бэк-офис'),
  validateSearch: textSearch('token'),
  component: Invitation,
});

function Invitation() {
  const { token } = Route.useSearch();
  return <InvitationPage token={token} />;
}
