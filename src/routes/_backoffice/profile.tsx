import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../features/profile/profile-page';
import { useSessions } from '../../features/session/use-session';
import { pageHead } from '../../ui/page-title';

export const Route = createFileRoute('/_backoffice/profile')({
  head: () => pageHead('Профиль сотрудника'),
  component: StaffProfile,
});

function StaffProfile() {
  const { crm } = useSessions();
  return <ProfilePage kind="crm" onSaved={(profile) => crm.userChanged(profile)} />;
}
