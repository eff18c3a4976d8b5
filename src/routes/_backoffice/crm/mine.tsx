import { createFileRoute } from '@tanstack/react-router';
import { isRole } from '../../../domain/roles';
import { useSession } from '../../../features/session/use-session';
import type { StaffOrderSearch } from '../../../features/staff-orders/list-search';
import { parseStaffOrderSearch } from '../../../features/staff-orders/list-search';
import { StaffOrdersPage } from '../../../features/staff-orders/staff-orders-page';
import { pageHead } from '../../../ui/page-title';

/** The address's values as they came: read with valibot by the page (docs/decisions/0019). */
type RawStaffOrderSearch = { [K in keyof StaffOrderSearch]?: unknown };

/** «Мои заказы»: the office list of the orders assigned to the signed-in person. */
export const Route = createFileRoute('/_backoffice/crm/mine')({
  // Not «Мои заказы» alone: that is the customer's cabinet list, and each screen has its own title.
  head: () => pageHead('Заявки: мои заказы'),
  staticData: { roles: ['ADMIN', 'MANAGER'] },
  validateSearch: (raw: Record<string, unknown>): RawStaffOrderSearch => raw,
  component: MyOrders,
});

function MyOrders() {
  // The person is fixed by the page, not by the address: a link to it is anyone's own list.
  const { assignee: _assignee, ...view } = parseStaffOrderSearch(Route.useSearch());
  const navigate = Route.useNavigate();
  const { role } = useSession('crm');
  return (
    <StaffOrdersPage
      mine
      view={view}
      onViewChange={(next, options) => {
        const { assignee: _ignored, ...search } = parseStaffOrderSearch(next);
        void navigate({ search, replace: options?.replace });
      }}
      role={isRole(role) ? role : 'USER'}
    />
  );
}
