/** Handlers of the contract's `payments` tag: the payment provider's callbacks (public). */
import type { AppContext } from '../../context';
import { typedHandlers } from '../../http/typed-handlers';
import { receiveYookassaNotification } from '../../services/payments/yookassa-webhook';

export function paymentsHandlers(ctx: AppContext) {
  return typedHandlers({
    receiveYookassaNotification: async (request) => {
      await receiveYookassaNotification(ctx, request.body);
      // Whatever became of it, it was heard: YooKassa stops repeating it.
      return { success: true, message: 'Уведомление принято' };
    },
  });
}
