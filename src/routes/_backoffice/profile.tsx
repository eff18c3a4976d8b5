import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../features/profile/profile-page';
import { useSessions } from '../../features/session/use-session';

export const Route = createFileRoute('/_backoffice/profile')({ component: StaffProfile });

function StaffProfile() {
  const { crm } = useSessions();
  return <ProfilePage kind="crm" onSaved={(profile) => crm.userChanged(profile)} />;
}
