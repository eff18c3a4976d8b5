import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../features/profile/profile-page';
import { useSessions } from '../../features/session/use-session';

export const Route = createFileRoute('/cabinet/profile')({ component: CabinetProfile });

function CabinetProfile() {
  const { cabinet } = useSessions();
  return <ProfilePage kind="cabinet" onSaved={(profile) => cabinet.userChanged(profile)} />;
}
