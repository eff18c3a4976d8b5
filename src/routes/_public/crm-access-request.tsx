import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/coming-soon';
export const Route = createFileRoute('/_public/crm-access-request')({
  component: () => <ComingSoon title="Запрос доступа к бэк-офису" />,
});
