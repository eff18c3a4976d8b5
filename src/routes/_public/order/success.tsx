import { createFileRoute } from '@tanstack/react-router';
import { OrderSuccess } from '../../../features/order-form/order-success';
import { PushSettings } from '../../../features/push/push-settings';
import { useSession } from '../../../features/session/use-session';
import { pageHead } from '../../../ui/page-title';
import { textSearch } from '../../-shared/search';

export const Route = createFileRoute('/_public/order/success')({
  head: () => pageHead('Итог заказа'),
  validateSearch: textSearch('entry'),
  component: Success,
});

function Success() {
  const { entry } = Route.useSearch();
  const signedIn = useSession('cabinet').token !== null;
  return <OrderSuccess entryId={entry} signedIn={signedIn} after={<PushSettings offer />} />;
}
