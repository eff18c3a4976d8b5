import { createFileRoute } from '@tanstack/react-router';
import { TrackPage } from '../../features/tracking/track-page';
import { pageHead } from '../../ui/page-title';

// «Где мой заказ?» without signing in: the form (/track) and an order's signed link (/track/{token}).
export const Route = createFileRoute('/_public/track/{-$token}')({
  head: () => pageHead('Статус заказа'),
  component: TrackRoute,
});

function TrackRoute() {
  const { token } = Route.useParams();
  return <TrackPage token={token} />;
}
