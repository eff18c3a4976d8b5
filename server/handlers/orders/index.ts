/** The public form's half of the contract's `orders` tag; the back office's half is staff-orders/. */
import type { AppContext } from '../../app-context';
import { ifNoneMatchHits } from '../../http/etag';
import { sendSerialisedJson, typedHandlers } from '../../http/typed-handlers';
import { createOrder } from '../../services/orders/create-order';

export function ordersHandlers(ctx: AppContext) {
  return typedHandlers({
    getFormParams: async (request, reply) => {
      const { json, etag } = await ctx.catalogue.formParams();
      // no-cache: keep a copy but check it each time; the check is cheap thanks to the ETag.
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return sendSerialisedJson(reply, json);
    },

    createOrder: async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const created = await createOrder(ctx, {
        body: request.body,
        idempotencyKey: typeof key === 'string' ? key : undefined,
        caller: request.user ?? null,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return reply.code(created.replayed ? 200 : 201).send(created);
    },
  });
}
