/**
 * Invoices, acts and file downloads: the cabinet's document operations (generate invoice or act,
 * report an invoice paid, list the company's documents), the signed act coming back, and
 * GET /api/files/{id}. Thin: the work is in server/services/documents.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../../src/api/schema.gen';
import type { AppContext } from '../../context';
import { signedInUser } from '../../http/authorize';
import type { OperationHandlers } from '../../http/operations';
import { sendStoredFile } from '../../services/documents/download';
import { reportInvoicePayment } from '../../services/documents/invoice-payment';
import { listOwnInvoices } from '../../services/documents/invoice-view';
import { issueDocument } from '../../services/documents/issue-document';
import { storeSignedAct } from '../../services/documents/signed-act';
import { loadCustomerOrder } from '../../services/orders/customer-orders';

type PathOf<K extends keyof operations> = operations[K]['parameters']['path'];
type QueryOf<K extends keyof operations> = NonNullable<operations[K]['parameters']['query']>;

export function documentsHandlers(ctx: AppContext): OperationHandlers {
  const issue = (kind: 'INVOICE' | 'ACT') => async (request: FastifyRequest, reply: FastifyReply) => {
    const { id } = request.params as PathOf<'generateMyOrderInvoice'>;
    const { invoice, ready } = await issueDocument(ctx, signedInUser(request), id, kind);
    return reply.code(ready ? 200 : 202).send({ order: await loadCustomerOrder(ctx.db, id), invoice });
  };

  return {
    generateMyOrderInvoice: issue('INVOICE'),
    generateMyOrderAct: issue('ACT'),

    confirmMyOrderInvoicePayment: async (request) => {
      const { id } = request.params as PathOf<'confirmMyOrderInvoicePayment'>;
      const { message } = await reportInvoicePayment(ctx, signedInUser(request), id);
      return { order: await loadCustomerOrder(ctx.db, id), message };
    },

    listMyInvoices: async (request) => {
      const { limit = 20, offset = 0 } = request.query as QueryOf<'listMyInvoices'>;
      return listOwnInvoices(ctx.db, signedInUser(request), { limit, offset });
    },

    uploadSignedAct: async (request) => {
      const { id } = request.params as PathOf<'uploadSignedAct'>;
      return storeSignedAct(ctx, request, signedInUser(request), id);
    },

    downloadFile: async (request, reply) => {
      const { id } = request.params as PathOf<'downloadFile'>;
      return sendStoredFile(ctx, reply, request.user ?? null, id);
    },
  };
}
