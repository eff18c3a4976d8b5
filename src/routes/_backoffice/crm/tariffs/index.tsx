import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../ui/coming-soon';
export const Route = createFileRoute('/_backoffice/crm/tariffs/')({
  component: () => <ComingSoon title="Тарифы" />,
});
