/** Handlers of the contract's `payments` tag: the payment provider's callbacks (public). */
import type { operations } from '../../../src/api/schema.gen';
import type { AppContext } from '../../context';
import type { OperationHandlers } from '../../http/operations';
import { receiveYookassaNotification } from '../../services/payments/yookassa-webhook';

type YookassaBody = operations['receiveYookassaNotification']['requestBody']['content']['application/json'];

export function paymentsHandlers(ctx: AppContext): OperationHandlers {
  return {
    receiveYookassaNotification: async (request) => {
      await receiveYookassaNotification(ctx, request.body as YookassaBody);
      // Whatever became of it, it was heard: YooKassa stops repeating it.
      return { success: true, message: 'Уведомление принято' };
    },
  };
}
