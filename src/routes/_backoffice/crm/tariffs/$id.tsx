import { createFileRoute } from '@tanstack/react-router';
import { parseTariffId, TariffCardPage } from '../../../../features/catalogue/tariff-card-page';
import { NotFoundPage } from '../../../../features/shell/not-found-page';
import { pageHead } from '../../../../ui/page-title';

export const Route = createFileRoute('/_backoffice/crm/tariffs/$id')({
  head: () => pageHead('Тариф'),
  // Spec 6: only ADMIN's menu has this screen; a MANAGER who types the address gets /no-access.
  staticData: { roles: ['ADMIN'] },
  component: Page,
});

function Page() {
  const tariff = parseTariffId(Route.useParams().id);
  if (!tariff) return <NotFoundPage />;
  return <TariffCardPage key={`${tariff.kind}-${tariff.id}`} kind={tariff.kind} id={tariff.id} />;
}
