import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { OrderSuccess } from '../../../features/order-form/order-success';
import { queryText } from '../../-shared/search';

export const Route = createFileRoute('/_public/order/success')({
  validateSearch: v.object({ entry: queryText }),
  component: Success,
});

function Success() {
  const { entry } = Route.useSearch();
  return <OrderSuccess entryId={entry} />;
}
