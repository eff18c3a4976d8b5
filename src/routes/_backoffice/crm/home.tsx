import { createFileRoute } from '@tanstack/react-router';
import { isRole } from '../../../domain/roles';
import { useSession } from '../../../features/session/use-session';
import type { StaffOrderSearch } from '../../../features/staff-orders/list-search';
import { parseStaffOrderSearch } from '../../../features/staff-orders/list-search';
import { StaffOrdersPage } from '../../../features/staff-orders/staff-orders-page';
import { pageHead } from '../../../ui/page-title';

/** The address's values as they came: read with valibot by the page (docs/decisions/0019). */
type RawStaffOrderSearch = { [K in keyof StaffOrderSearch]?: unknown };

export const Route = createFileRoute('/_backoffice/crm/home')({
  head: () => pageHead('Заявки'),
  // Passed through untouched: the schema library stays out of the first visit's bundle, and the
  // page (a lazy chunk) turns every bad value into its default.
  validateSearch: (raw: Record<string, unknown>): RawStaffOrderSearch => raw,
  component: StaffOrders,
});

function StaffOrders() {
  const view = parseStaffOrderSearch(Route.useSearch());
  const navigate = Route.useNavigate();
  const { role } = useSession('crm');
  return (
    <StaffOrdersPage
      view={view}
      onViewChange={(next, options) =>
        void navigate({ search: parseStaffOrderSearch(next), replace: options?.replace })
      }
      role={isRole(role) ? role : 'USER'}
    />
  );
}
