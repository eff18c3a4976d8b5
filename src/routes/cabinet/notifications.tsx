import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/coming-soon';
export const Route = createFileRoute('/cabinet/notifications')({
  component: () => <ComingSoon title="Уведомления" />,
});
