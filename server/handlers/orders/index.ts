/** Handlers of the contract's `orders` tag; the rest of the tag answers 501 until its issue. */
import type { AppContext } from '../../context';
import type { OperationHandlers } from '../../http/operations';
import { getFormParams } from '../../services/catalogue';

export function ordersHandlers(ctx: AppContext): OperationHandlers {
  return {
    getFormParams: async () => getFormParams(ctx.db),
  };
}
