/**
 * The finished translation of an order (contract tag `orders`, office staff only): attach its
 * files for the customer, remove one before the hand-over. The work is services/results'.
 */
import type { AppContext } from '../../app-context';
import { signedInUser } from '../../http/authorize';
import { typedHandlers } from '../../http/typed-handlers';
import { addOrderResults, removeOrderResult } from '../../services/results/order-results';
import { uploadedForm } from '../uploaded-files';

export function resultsHandlers(ctx: AppContext) {
  return typedHandlers({
    addOrderResults: async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const { results, replayed } = await addOrderResults(
        ctx,
        uploadedForm(request),
        signedInUser(request),
        request.params.id,
        typeof key === 'string' ? key : undefined,
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send({ results });
    },

    removeOrderResult: async (request) => ({
      results: await removeOrderResult(ctx, signedInUser(request), request.params.id, request.query.resultId),
    }),
  });
}
