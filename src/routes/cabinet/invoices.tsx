import { createFileRoute } from '@tanstack/react-router';
import { InvoicesPage } from '../../features/cabinet/invoices-page';
import { pageHead } from '../../ui/page-title';
import { positiveInteger, type RawSearch } from '../-shared/search';

export const Route = createFileRoute('/cabinet/invoices')({
  head: () => pageHead('Счета'),
  validateSearch: (raw: RawSearch): { page?: number } => ({ page: positiveInteger(raw.page) }),
  component: CabinetInvoices,
});

function CabinetInvoices() {
  const { page } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <InvoicesPage page={page} onPage={(next) => void navigate({ search: { page: next } })} />;
}
