/**
 * The back office's order operations (contract tag `orders`): the lists, the order card, status
 * moves, amount, other document, payment link, promised date, assignee, quotes and deletion. Roles come from the contract's
 * security; reach (a partner's own points' orders) from auth/ownership.ts, answering 404.
 */
import type { AppContext } from '../../app-context';
import { scopeOrdersFor } from '../../auth/ownership';
import type { SignedInUser } from '../../auth/tokens';
import { signedInUser } from '../../http/authorize';
import { typedHandlers } from '../../http/typed-handlers';
import { assignOrder } from '../../services/orders/assignee';
import { changeOrder } from '../../services/orders/change-order';
import { loadOrder } from '../../services/orders/load-order';
import {
  changeOrderAmount,
  changeOtherDocumentAmount,
  deleteOrder,
  setPaymentLink,
} from '../../services/orders/order-edits';
import type { StatusActor } from '../../services/orders/order-status';
import { staffOrderDetail } from '../../services/orders/order-views';
import { partnerOrderDetail, readPartnerOrder } from '../../services/orders/partner-order-views';
import { changeDueDate } from '../../services/orders/promised-date';
import { quoteOrderLines } from '../../services/orders/quote-lines';
import { listOrderSummaries, listPartnerOrders } from '../../services/orders/staff-order-list';
import { changeOrderStatus } from '../../services/orders/status-change';
import { listStaffMembers } from '../../services/people/staff-members';

const actorOf = (user: SignedInUser): StatusActor => ({
  userId: user.id,
  email: user.email,
  role: user.role,
});

export function staffOrdersHandlers(ctx: AppContext) {
  return typedHandlers({
    listOrders: async (request) => listOrderSummaries(ctx.db, request.query, signedInUser(request).id),

    listPartnerOrders: async (request) =>
      listPartnerOrders(ctx.db, request.query, scopeOrdersFor(signedInUser(request))),

    getOrder: async (request) => staffOrderDetail(ctx.db, request.params.id, signedInUser(request)),

    getPartnerOrder: async (request) => {
      const user = signedInUser(request);
      return partnerOrderDetail(ctx.db, request.params.id, user, scopeOrdersFor(user));
    },

    changeOrderStatus: async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const user = signedInUser(request);
      const { order, replayed } = await changeOrderStatus(
        ctx.db,
        user,
        request.body,
        typeof key === 'string' ? key : undefined,
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      // A partner's answer is the partner's view of the order, like its list and card.
      return user.role === 'PARTNER' ? readPartnerOrder(ctx.db, order.id, undefined) : order;
    },

    changeOrderAmount: async (request) => {
      const { id, amount, comment } = request.body;
      await changeOrderAmount(ctx.db, {
        orderId: id,
        amount,
        comment,
        actor: actorOf(signedInUser(request)),
      });
      return loadOrder(ctx.db, id);
    },

    changeOrderOtherDocumentAmount: async (request) => {
      const { orderId, otherPrice, otherCost } = request.body;
      await changeOtherDocumentAmount(ctx.db, {
        orderId,
        otherPrice,
        otherCost,
        actor: actorOf(signedInUser(request)),
      });
      return loadOrder(ctx.db, orderId);
    },

    setOrderPaymentLink: async (request) => {
      const { id, paymentUrl } = request.body;
      await setPaymentLink(ctx.db, { orderId: id, paymentUrl, actor: actorOf(signedInUser(request)) });
      return loadOrder(ctx.db, id);
    },

    changeOrderDueDate: async (request) => {
      const { id, dueDate, reason } = request.body;
      await changeDueDate(ctx.db, { orderId: id, dueDate, reason, actor: actorOf(signedInUser(request)) });
      return loadOrder(ctx.db, id);
    },

    changeOrderAssignee: async (request) => {
      const { id, assigneeId } = request.body;
      await assignOrder(ctx.db, { orderId: id, assigneeId, actor: actorOf(signedInUser(request)) });
      return loadOrder(ctx.db, id);
    },

    listOrderAssignees: async () => listStaffMembers(ctx.db),

    changeOrder: async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const { preview, replayed } = await changeOrder(ctx, {
        orderId: request.params.id,
        body: request.body,
        actor: actorOf(signedInUser(request)),
        side: 'staff',
        idempotencyKey: typeof key === 'string' ? key : undefined,
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return { preview, order: request.body.dryRun ? null : await loadOrder(ctx.db, request.params.id) };
    },

    quoteOrderLines: async (request) => {
      const { orderId, lines } = request.body;
      await quoteOrderLines(ctx.db, { orderId, lines, actor: actorOf(signedInUser(request)) });
      return loadOrder(ctx.db, orderId);
    },

    deleteOrder: async (request, reply) => {
      await deleteOrder(ctx.db, request.query.id);
      // The order's own history goes with it; the log keeps who removed which order.
      request.log.info({ orderId: request.query.id, by: signedInUser(request).id }, 'order deleted');
      return reply.code(204).send();
    },
  });
}
