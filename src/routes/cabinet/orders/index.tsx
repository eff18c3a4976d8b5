import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ORDER_STATUSES } from '../../../domain/order-status';
import { ComingSoon } from '../../../ui/coming-soon';

// The filters of GET /api/user/orders, kept in the address so a filtered list can be shared.
export const Route = createFileRoute('/cabinet/orders/')({
  validateSearch: v.object({
    status: v.fallback(v.optional(v.picklist(ORDER_STATUSES)), undefined),
    organizationId: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
  }),
  component: () => <ComingSoon title="Мои заказы" />,
});
