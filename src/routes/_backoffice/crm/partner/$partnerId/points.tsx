import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../ui/coming-soon';

export const Route = createFileRoute('/_backoffice/crm/partner/$partnerId/points')({
  component: Page,
});

function Page() {
  const { partnerId } = Route.useParams();
  return <ComingSoon title={`Пункты выдачи партнёра №${partnerId}`} />;
}
