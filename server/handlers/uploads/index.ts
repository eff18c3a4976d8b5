/** Handlers of the contract's `uploads` tag: order documents from the form and the cabinet. */
import type { AppContext } from '../../context';
import type { OperationHandlers } from '../../http/operations';
import { storeOrderDocuments } from '../../services/uploads';

export function uploadsHandlers(ctx: AppContext): OperationHandlers {
  return {
    uploadPublic: async (request, reply) => {
      reply.status(201);
      return { files: await storeOrderDocuments(ctx, request, null) };
    },
    uploadOwn: async (request, reply) => {
      reply.status(201);
      return { files: await storeOrderDocuments(ctx, request, request.user?.id ?? null) };
    },
  };
}
