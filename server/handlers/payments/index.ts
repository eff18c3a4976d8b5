/** Handlers of the contract's `payments` tag: the payment provider's callbacks (public). */
import type { AppContext } from '../../app-context';
import { typedHandlers } from '../../http/typed-handlers';
import { createYookassaWebhook } from '../../services/payments/yookassa-webhook';

export function paymentsHandlers(ctx: AppContext) {
  const receive = createYookassaWebhook(ctx);
  return typedHandlers({
    receiveYookassaNotification: async (request) => {
      await receive(request.body, request.ip);
      // Whatever became of it, it was heard: YooKassa stops repeating it.
      return { success: true, message: 'Уведомление принято' };
    },
  });
}
