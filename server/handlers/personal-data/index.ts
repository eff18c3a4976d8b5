/** Handlers of the contract's `personal-data` tag: a person's copy of their data, and its erasure. */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { signedInUser } from '../../http/authorize';
import { sendArchive } from '../../http/file-answer';
import { typedHandlers } from '../../http/typed-handlers';
import {
  eraseOwnAccount,
  erasePersonData,
  exportOwnData,
  exportPersonData,
} from '../../services/personal-data/rights';

const clientOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

export function personalDataHandlers(ctx: AppContext) {
  return typedHandlers({
    exportMyData: async (request, reply) =>
      sendArchive(reply, await exportOwnData(ctx, signedInUser(request))),

    exportUserData: async (request, reply) =>
      sendArchive(reply, await exportPersonData(ctx, signedInUser(request), request.params.id)),

    eraseMyAccount: async (request) => eraseOwnAccount(ctx, signedInUser(request), clientOf(request)),

    eraseUserData: async (request) =>
      erasePersonData(ctx, signedInUser(request), request.params.id, request.body.note, clientOf(request)),
  });
}
