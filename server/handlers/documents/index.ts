/**
 * Invoices, acts and file downloads: the cabinet's document operations (generate invoice or act,
 * report an invoice paid, list the company's documents), the signed act coming back, and
 * GET /api/files/{id}. Thin: the work is in server/services/documents.
 */
import type { AppContext } from '../../app-context';
import { signedInUser } from '../../http/authorize';
import { sendFile } from '../../http/file-answer';
import { type TypedReply, type TypedRequest, typedHandlers } from '../../http/typed-handlers';
import { openStoredFile } from '../../services/documents/download';
import { reportInvoicePayment } from '../../services/documents/invoice-payment';
import { listOwnInvoices } from '../../services/documents/invoice-view';
import { issueDocument } from '../../services/documents/issue-document';
import { storeSignedAct } from '../../services/documents/signed-act';
import { loadCustomerOrder } from '../../services/orders/customer-orders';
import { uploadedFiles } from '../uploaded-files';

/** Typed as the invoice's; the map below checks it fits generate-act's contract too. */
type Issue = 'generateMyOrderInvoice';

export function documentsHandlers(ctx: AppContext) {
  const issue =
    (kind: 'INVOICE' | 'ACT') => async (request: TypedRequest<Issue>, reply: TypedReply<Issue>) => {
      const { id } = request.params;
      const { invoice, ready } = await issueDocument(ctx, signedInUser(request), id, kind);
      return reply.code(ready ? 200 : 202).send({ order: await loadCustomerOrder(ctx.db, id), invoice });
    };

  return typedHandlers({
    generateMyOrderInvoice: issue('INVOICE'),
    generateMyOrderAct: issue('ACT'),

    confirmMyOrderInvoicePayment: async (request) => {
      const { id } = request.params;
      const { message } = await reportInvoicePayment(ctx, signedInUser(request), id);
      return { order: await loadCustomerOrder(ctx.db, id), message };
    },

    listMyInvoices: async (request) => {
      const { limit = 20, offset = 0 } = request.query;
      return listOwnInvoices(ctx.db, signedInUser(request), { limit, offset });
    },

    uploadSignedAct: async (request) => {
      const { id } = request.params;
      return storeSignedAct(ctx, uploadedFiles(request), signedInUser(request), id);
    },

    downloadFile: async (request, reply) => {
      const { id } = request.params;
      return sendFile(reply, await openStoredFile(ctx, request.user ?? null, id));
    },
  });
}
