/**
 * Handlers of the contract's `notifications` tag: the caller's own notifications and devices,
 * the VAPID key browsers subscribe with, and staff messages with their delivery counts.
 */
import type { AppContext } from '../../app-context';
import { signedInUser } from '../../http/authorize';
import { typedHandlers } from '../../http/typed-handlers';
import { broadcast, findPushRecipients, listSentPushes } from '../../services/notifications/broadcast';
import {
  deleteMyNotification,
  listMyNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationStats,
} from '../../services/notifications/my-notifications';
import {
  deletePushSubscription,
  savePushSubscription,
} from '../../services/notifications/push-subscriptions';

export function notificationsHandlers(ctx: AppContext) {
  return typedHandlers({
    listMyNotifications: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listMyNotifications(ctx.db, signedInUser(request), request.query);
    },

    markNotificationRead: async (request) =>
      markNotificationRead(ctx.db, signedInUser(request), request.params.id),

    markAllNotificationsRead: async (request) => markAllNotificationsRead(ctx.db, signedInUser(request)),

    deleteNotification: async (request, reply) => {
      await deleteMyNotification(ctx.db, signedInUser(request), request.params.id);
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
        request.body,
        request.headers['user-agent'],
      );
      return reply.code(201).send({ success: true });
    },

    unsubscribePush: async (request, reply) => {
      await deletePushSubscription(ctx.db, signedInUser(request).id, request.query.endpoint);
      return reply.code(204).send();
    },

    getVapidPublicKey: async () => ({ publicKey: ctx.push.publicKey }),

    sendPush: async (request, reply) =>
      reply.code(202).send(await broadcast(ctx.db, signedInUser(request), request.body)),

    listSentPushes: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listSentPushes(ctx.db, request.query);
    },

    findPushRecipients: async (request) => findPushRecipients(ctx.db, request.query.email),
  });
}
