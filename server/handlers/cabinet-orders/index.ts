/**
 * Handlers of the contract's `user-orders` tag that are the cabinet's own orders: the list, one
 * order, cancel, repeat, the card payment and files added later. Invoices and acts (the same tag) are
 * server/handlers/documents'. Every operation works only on the caller's own orders (404 else).
 */
import type { AppContext } from '../../app-context';
import { scopeOwnOrdersFor } from '../../auth/ownership';
import { signedInUser } from '../../http/authorize';
import { siteUrlOf } from '../../http/site-url';
import { typedHandlers } from '../../http/typed-handlers';
import { addCustomerOrderFiles } from '../../services/orders/add-order-files';
import { cancelCustomerOrder } from '../../services/orders/cancel-order';
import { changeOrder } from '../../services/orders/change-order';
import { getCustomerOrder, listCustomerOrders } from '../../services/orders/customer-orders';
import { repeatCustomerOrder } from '../../services/orders/repeat-order';
import { demoPayerCookie } from '../../services/payments/demo-payer';
import { startCustomerPayment } from '../../services/payments/start-payment';
import { uploadedFiles } from '../uploaded-files';

export function cabinetOrdersHandlers(ctx: AppContext) {
  return typedHandlers({
    listMyOrders: async (request) => {
      const { query } = request;
      return listCustomerOrders(ctx.db, signedInUser(request), {
        status: query.status,
        organizationId: query.organizationId,
        limit: query.limit ?? 20,
        offset: query.offset ?? 0,
      });
    },

    getMyOrder: async (request) => getCustomerOrder(ctx.db, signedInUser(request), request.params.id),

    createMyOrderPayment: async (request, reply) => {
      const customer = signedInUser(request);
      const started = await startCustomerPayment(
        ctx,
        customer,
        request.params.id,
        siteUrlOf(ctx.config, request),
        request.body?.method ?? 'card',
      );
      // The demo page lets only this device's customer press «Оплатить» (demo-payer.ts).
      if (ctx.config.payments.demo) reply.header('set-cookie', demoPayerCookie(ctx, customer.id));
      return started;
    },

    changeMyOrder: async (request, reply) => {
      const customer = signedInUser(request);
      const key = request.headers['idempotency-key'];
      const { preview, replayed } = await changeOrder(ctx, {
        orderId: request.params.id,
        body: request.body,
        actor: { userId: customer.id, email: customer.email, role: 'USER' },
        side: 'customer',
        scope: scopeOwnOrdersFor({ ...customer, role: 'USER', partnerId: null }),
        idempotencyKey: typeof key === 'string' ? key : undefined,
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      const detail = request.body.dryRun ? null : await getCustomerOrder(ctx.db, customer, request.params.id);
      return { preview, detail };
    },

    cancelMyOrder: async (request) => cancelCustomerOrder(ctx.db, signedInUser(request), request.params.id),

    addMyOrderFiles: async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const { detail, replayed } = await addCustomerOrderFiles(
        ctx,
        uploadedFiles(request),
        signedInUser(request),
        request.params.id,
        typeof key === 'string' ? key : undefined,
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(detail);
    },

    repeatMyOrder: async (request, reply) => {
      const repeated = await repeatCustomerOrder(ctx, signedInUser(request), request.params.id);
      return reply.code(201).send(repeated);
    },
  });
}
