import { createFileRoute } from '@tanstack/react-router';
import { ORDER_STATUSES, type OrderStatus } from '../../../../domain/order-statuses';
import { PartnerOrdersPage } from '../../../../features/partner-orders/partner-orders-page';
import { useSession } from '../../../../features/session/use-session';
import { pageHead } from '../../../../ui/page-title';
import { oneOf, positiveInteger, queryText, type RawSearch } from '../../../-shared/search';

// The partner's filters in the address, so a reload or a shared link shows the same cards.
export const Route = createFileRoute('/_backoffice/crm/orders/')({
  head: () => pageHead('Заказы'),
  validateSearch: (raw: RawSearch): { status?: OrderStatus; search?: string; page?: number } => ({
    status: oneOf(ORDER_STATUSES, raw.status),
    search: queryText(raw.search)?.trim().slice(0, 100) || undefined,
    page: positiveInteger(raw.page),
  }),
  component: PartnerOrdersRoute,
});

function PartnerOrdersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { role } = useSession('crm');
  return (
    <PartnerOrdersPage
      role={role}
      filters={search}
      onFiltersChange={(next) => void navigate({ search: next })}
    />
  );
}
