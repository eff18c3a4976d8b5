/** Handlers of the contract's `orders` tag; the rest of the tag answers 501 until its issue. */
import type { AppContext } from '../../context';
import { ifNoneMatchHits } from '../../http/etag';
import type { OperationHandlers } from '../../http/operations';
import type { OrderCreate } from '../../services/orders/check-order';
import { createOrder } from '../../services/orders/create-order';

export function ordersHandlers(ctx: AppContext): OperationHandlers {
  return {
    getFormParams: async (request, reply) => {
      const { json, etag } = await ctx.catalogue.formParams();
      // no-cache: keep a copy but check it each time; the check is cheap thanks to the ETag.
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send();
      // Already serialised once for every visitor: sent as the bytes it is.
      return reply.type('application/json; charset=utf-8').send(json);
    },

    createOrder: async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const created = await createOrder(ctx, {
        body: request.body as OrderCreate,
        idempotencyKey: typeof key === 'string' ? key : undefined,
        caller: request.user ?? null,
      });
      return reply.code(created.replayed ? 200 : 201).send(created);
    },
  };
}
