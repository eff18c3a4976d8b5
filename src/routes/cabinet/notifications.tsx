import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/coming-soon';
import { pageHead } from '../../ui/page-title';
export const Route = createFileRoute('/cabinet/notifications')({
  head: () => pageHead('Уведомления'),
  component: () => <ComingSoon title="Уведомления" />,
});
