import { createFileRoute } from '@tanstack/react-router';
import { PartnerOrderCardPage } from '../../../../features/partner-orders/partner-order-card-page';
import { useSession } from '../../../../features/session/use-session';
import { NotFoundPage } from '../../../../features/shell/not-found-page';
import { OrderCardPage } from '../../../../features/staff-order-card/order-card-page';
import { pageHead } from '../../../../ui/page-title';

export const Route = createFileRoute('/_backoffice/crm/orders/$id')({
  head: ({ params }) => pageHead(`Заказ № ${params.id}`),
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  const navigate = Route.useNavigate();
  const { role } = useSession('crm');
  const orderId = Number(id);
  if (!Number.isInteger(orderId) || orderId < 1 || orderId > 2147483647) return <NotFoundPage />;
  // A partner's counter gets its own card: who collects the order and what to hand over.
  if (role === 'PARTNER') return <PartnerOrderCardPage key={orderId} orderId={orderId} />;
  return (
    <OrderCardPage
      key={orderId}
      orderId={orderId}
      role={role}
      onDeleted={() => void navigate({ to: '/crm/home' })}
    />
  );
}
