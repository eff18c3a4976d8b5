import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../ui/coming-soon';

export const Route = createFileRoute('/cabinet/orders/$id')({
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return <ComingSoon title={`Заказ №${id}`} />;
}
