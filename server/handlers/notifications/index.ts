/**
 * Handlers of the contract's `notifications` tag: the caller's own notifications and devices,
 * the VAPID key browsers subscribe with, and staff announcements.
 */
import type { AppContext } from '../../context';
import { signedInUser } from '../../http/authorize';
import type { OperationHandlers } from '../../http/operations';
import { broadcast, type PushSend } from '../../services/broadcast';
import {
  deleteMyNotification,
  listMyNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationStats,
} from '../../services/my-notifications';
import {
  deletePushSubscription,
  type PushSubscriptionInput,
  savePushSubscription,
} from '../../services/push-subscriptions';

const idOf = (params: unknown) => (params as { id: number }).id;

export function notificationsHandlers(ctx: AppContext): OperationHandlers {
  return {
    listMyNotifications: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listMyNotifications(
        ctx.db,
        signedInUser(request),
        request.query as { limit?: number; offset?: number; includeRead?: boolean },
      );
    },

    markNotificationRead: async (request) =>
      markNotificationRead(ctx.db, signedInUser(request), idOf(request.params)),

    markAllNotificationsRead: async (request) => markAllNotificationsRead(ctx.db, signedInUser(request)),

    deleteNotification: async (request, reply) => {
      await deleteMyNotification(ctx.db, signedInUser(request), idOf(request.params));
      return reply.code(204).send();
    },

    getNotificationStats: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return notificationStats(ctx.db, signedInUser(request));
    },

    subscribePush: async (request, reply) => {
      await savePushSubscription(
        ctx.db,
        signedInUser(request).id,
        request.body as PushSubscriptionInput,
        request.headers['user-agent'],
      );
      return reply.code(201).send({ success: true });
    },

    unsubscribePush: async (request, reply) => {
      const { endpoint } = request.query as { endpoint: string };
      await deletePushSubscription(ctx.db, signedInUser(request).id, endpoint);
      return reply.code(204).send();
    },

    getVapidPublicKey: async () => ({ publicKey: ctx.push.publicKey }),

    sendPush: async (request, reply) =>
      reply.code(202).send(await broadcast(ctx.db, request.body as PushSend)),
  };
}
