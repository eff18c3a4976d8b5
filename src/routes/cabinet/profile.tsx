import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ProfilePage } from '../../features/profile/profile-page';
import { useSessions } from '../../features/session/use-session';
import { pageHead } from '../../ui/page-title';

export const Route = createFileRoute('/cabinet/profile')({
  head: () => pageHead('Профиль'),
  component: CabinetProfile,
});

function CabinetProfile() {
  const { cabinet } = useSessions();
  const navigate = useNavigate();
  return (
    <ProfilePage
      kind="cabinet"
      onSaved={(profile) => cabinet.userChanged(profile)}
      onAccountErased={() => {
        // The server ended every session already: this device forgets it and its stored answers.
        cabinet.clear();
        void navigate({ to: '/account-deleted', replace: true });
      }}
    />
  );
}
