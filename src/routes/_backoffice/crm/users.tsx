import { createFileRoute } from '@tanstack/react-router';
import { useSession } from '../../../features/session/use-session';
import { UsersPage } from '../../../features/users/users-page';
import { pageHead } from '../../../ui/page-title';

export const Route = createFileRoute('/_backoffice/crm/users')({
  head: () => pageHead('Пользователи'),
  // Spec 6: only ADMIN's menu has this screen; a MANAGER who types the address gets /no-access.
  staticData: { roles: ['ADMIN'] },
  component: Users,
});

function Users() {
  const { user } = useSession('crm');
  return <UsersPage self={{ id: user?.id ?? null, email: user?.email ?? null }} />;
}
