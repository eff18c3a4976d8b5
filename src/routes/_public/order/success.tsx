import { createFileRoute } from '@tanstack/react-router';
import { OrderSuccess } from '../../../features/order-form/order-success';
import { PushSettings } from '../../../features/push/push-settings';
import { pageHead } from '../../../ui/page-title';
import { textSearch } from '../../-shared/search';

export const Route = createFileRoute('/_public/order/success')({
  head: () => pageHead('Итог заказа'),
  validateSearch: textSearch('entry'),
  component: Success,
});

function Success() {
  const { entry } = Route.useSearch();
  return <OrderSuccess entryId={entry} after={<PushSettings offer />} />;
}
