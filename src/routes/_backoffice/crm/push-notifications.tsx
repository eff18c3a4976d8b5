import { createFileRoute } from '@tanstack/react-router';
import { PushMessagesPage } from '../../../features/push-messages/push-messages-page';
import { pageHead } from '../../../ui/page-title';

export const Route = createFileRoute('/_backoffice/crm/push-notifications')({
  head: () => pageHead('Push-уведомления'),
  staticData: { roles: ['ADMIN', 'MANAGER'] },
  component: PushMessagesPage,
});
