/** Handlers of the contract's `legal` tag: the customer documents, their versions, consents. */
import type { AppContext } from '../../app-context';
import { signedInUser } from '../../http/authorize';
import { typedHandlers } from '../../http/typed-handlers';
import { consentsOfUser, orderConsentForStaff } from '../../services/legal/consents';
import {
  legalDocumentsForAdmin,
  publishLegalDocument,
  saveOperator,
  showLegalDocument,
} from '../../services/legal/legal-documents';

export function legalHandlers(ctx: AppContext) {
  return typedHandlers({
    getLegalDocument: async (request, reply) => {
      // Public and the same for everyone; checked again on each visit so a new version shows.
      reply.header('cache-control', 'no-cache');
      return showLegalDocument(ctx, request.params.kind);
    },

    listLegalDocuments: async () => legalDocumentsForAdmin(ctx.db),

    publishLegalDocument: async (request) => {
      await publishLegalDocument(ctx.db, request.params.kind, request.body, signedInUser(request).id);
      return legalDocumentsForAdmin(ctx.db);
    },

    updateLegalOperator: async (request) => saveOperator(ctx.db, request.body),

    listMyConsents: async (request) => ({ items: await consentsOfUser(ctx.db, signedInUser(request).id) }),

    getOrderConsent: async (request) => orderConsentForStaff(ctx.db, request.params.id),
  });
}
