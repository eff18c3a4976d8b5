import { createFileRoute } from '@tanstack/react-router';
import { OrderPage } from '../../../features/cabinet/order-page';
import { NotFoundPage } from '../../../features/shell/not-found-page';
import { pageHead } from '../../../ui/page-title';

export const Route = createFileRoute('/cabinet/orders/$id')({
  head: ({ params }) => pageHead(`Заказ № ${params.id}`),
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  const navigate = Route.useNavigate();
  const orderId = Number(id);
  if (!Number.isInteger(orderId) || orderId < 1 || orderId > 2147483647) return <NotFoundPage />;
  return (
    <OrderPage
      key={orderId}
      orderId={orderId}
      onOpenOrder={(next) => void navigate({ to: '/cabinet/orders/$id', params: { id: String(next) } })}
    />
  );
}
