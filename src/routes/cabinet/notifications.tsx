import { createFileRoute } from '@tanstack/react-router';
import { NotificationsPage } from '../../features/cabinet/notifications-page';
import { TelegramSettings } from '../../features/cabinet/telegram-settings';
import { PushSettings } from '../../features/push/push-settings';
import { announceNotificationsChanged } from '../../features/push/worker-messages';
import { pageHead } from '../../ui/page-title';
import { positiveInteger, type RawSearch } from '../-shared/search';

// The page and the «only unread» switch live in the address, so Back returns to the same view.
export const Route = createFileRoute('/cabinet/notifications')({
  head: () => pageHead('Уведомления'),
  validateSearch: (raw: RawSearch): { page?: number; unread?: boolean } => ({
    page: positiveInteger(raw.page),
    unread: raw.unread === true ? true : undefined,
  }),
  component: CabinetNotifications,
});

function CabinetNotifications() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <NotificationsPage
      filters={search}
      onFiltersChange={(next) => void navigate({ search: next })}
      pushControl={
        <>
          <PushSettings />
          <TelegramSettings />
        </>
      }
      onChanged={announceNotificationsChanged}
    />
  );
}
