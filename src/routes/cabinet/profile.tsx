import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../features/profile/profile-page';
import { useSessions } from '../../features/session/use-session';
import { pageHead } from '../../ui/page-title';

export const Route = createFileRoute('/cabinet/profile')({
  head: () => pageHead('Профиль'),
  component: CabinetProfile,
});

function CabinetProfile() {
  const { cabinet } = useSessions();
  return <ProfilePage kind="cabinet" onSaved={(profile) => cabinet.userChanged(profile)} />;
}
