/**
 * An order's conversation and the office's notes (contract tag `conversation`): the customer's
 * side under /api/user/orders/{id}/messages (their own orders only, 404 else), the office's under
 * /api/order/{id}/messages and /notes (ADMIN, MANAGER by the contract's security).
 */

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { signedInUser } from '../../http/authorize';
import { typedHandlers } from '../../http/typed-handlers';
import { addNote, notesOf } from '../../services/conversation/notes';
import { orderOfSide } from '../../services/conversation/order-access';
import { type MessageSender, sendMessage } from '../../services/conversation/send-message';
import { markRead, threadOf } from '../../services/conversation/thread';
import { uploadedForm } from '../uploaded-files';

/** POST …/messages for either side: 201, or the message already written for a repeated key. */
async function send(
  ctx: AppContext,
  request: FastifyRequest<{ Params: { id: number } }>,
  reply: FastifyReply,
  side: MessageSender['side'],
) {
  const key = request.headers['idempotency-key'];
  const { message, thread, replayed } = await sendMessage(
    ctx,
    uploadedForm(request),
    { side, user: signedInUser(request) },
    request.params.id,
    typeof key === 'string' ? key : undefined,
  );
  if (replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(201).send({ message, thread });
}

export function conversationHandlers(ctx: AppContext) {
  return typedHandlers({
    listMyOrderMessages: async (request) => {
      const id = request.params.id;
      await orderOfSide(ctx.db, { side: 'CUSTOMER', user: signedInUser(request) }, id);
      return threadOf(ctx.db, id, 'CUSTOMER');
    },

    sendMyOrderMessage: async (request, reply) => send(ctx, request, reply, 'CUSTOMER'),

    markMyOrderMessagesRead: async (request) => {
      const id = request.params.id;
      await orderOfSide(ctx.db, { side: 'CUSTOMER', user: signedInUser(request) }, id);
      return markRead(ctx.db, id, 'CUSTOMER', request.body.upToId);
    },

    listOrderMessages: async (request) => {
      await orderOfSide(ctx.db, { side: 'BUREAU' }, request.params.id);
      return threadOf(ctx.db, request.params.id, 'BUREAU');
    },

    sendOrderMessage: async (request, reply) => send(ctx, request, reply, 'BUREAU'),

    markOrderMessagesRead: async (request) => {
      await orderOfSide(ctx.db, { side: 'BUREAU' }, request.params.id);
      return markRead(ctx.db, request.params.id, 'BUREAU', request.body.upToId);
    },

    listOrderNotes: async (request) => ({ notes: await notesOf(ctx.db, request.params.id) }),

    addOrderNote: async (request, reply) => {
      const notes = await addNote(ctx.db, signedInUser(request), request.params.id, request.body.text);
      return reply.code(201).send({ notes });
    },
  });
}
