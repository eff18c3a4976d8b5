/** The refund of a paid order the bureau cancels: the `orders` tag's refund operations. */
import type { AppContext } from '../../app-context';
import { signedInUser } from '../../http/authorize';
import { typedHandlers } from '../../http/typed-handlers';
import { refundOf, refundOrder } from '../../services/payments/refunds';

export function refundsHandlers(ctx: AppContext) {
  return typedHandlers({
    getOrderRefund: async (request) => refundOf(ctx.db, request.params.id),

    refundOrder: async (request) => refundOrder(ctx, signedInUser(request), request.params.id, request.body),
  });
}
