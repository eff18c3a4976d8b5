import { createFileRoute } from '@tanstack/react-router';
import { ORDER_STATUSES, type OrderStatus } from '../../../domain/order-statuses';
import { OrdersPage } from '../../../features/cabinet/orders-page';
import { pageHead } from '../../../ui/page-title';
import { oneOf, positiveInteger, type RawSearch } from '../../-shared/search';

// The filters of GET /api/user/orders, kept in the address so a filtered list can be shared.
export const Route = createFileRoute('/cabinet/orders/')({
  head: () => pageHead('Мои заказы'),
  validateSearch: (raw: RawSearch): { status?: OrderStatus; organizationId?: number; page?: number } => ({
    status: oneOf(ORDER_STATUSES, raw.status),
    organizationId: positiveInteger(raw.organizationId),
    page: positiveInteger(raw.page),
  }),
  component: CabinetOrders,
});

function CabinetOrders() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <OrdersPage filters={search} onFiltersChange={(next) => void navigate({ search: next })} />;
}
