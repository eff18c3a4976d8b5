import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../ui/coming-soon';
export const Route = createFileRoute('/_backoffice/crm/stats')({
  component: () => <ComingSoon title="Статистика" />,
});
