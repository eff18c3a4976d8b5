/** Handlers of the contract's `uploads` tag: order documents from the form and the cabinet. */
import type { AppContext } from '../../app-context';
import { typedHandlers } from '../../http/typed-handlers';
import { storeOrderDocuments } from '../../services/documents/uploads';
import { uploadedFiles } from '../uploaded-files';

export function uploadsHandlers(ctx: AppContext) {
  return typedHandlers({
    uploadPublic: async (request, reply) => {
      reply.status(201);
      return { files: await storeOrderDocuments(ctx, uploadedFiles(request), null) };
    },
    uploadOwn: async (request, reply) => {
      reply.status(201);
      return { files: await storeOrderDocuments(ctx, uploadedFiles(request), request.user?.id ?? null) };
    },
  });
}
