import { createFileRoute } from '@tanstack/react-router';
import { OrderSuccess } from '../../../features/order-form/order-success';
import { textSearch } from '../../-shared/search';

export const Route = createFileRoute('/_public/order/success')({
  validateSearch: textSearch('entry'),
  component: Success,
});

function Success() {
  const { entry } = Route.useSearch();
  return <OrderSuccess entryId={entry} />;
}
