/** Handlers of the contract's `auth` tag: the sign-in methods, the session, access requests. */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { signInWithPassword } from '../../auth/password-sign-in';
import { type ClientInfo, currentSession } from '../../auth/sign-in';
import { signInWithTelegram } from '../../auth/telegram-sign-in';
import { unauthorized } from '../../errors';
import { signedInUser } from '../../http/authorize';
import { typedHandlers } from '../../http/typed-handlers';
import { requestSignInCode, signInByCode, signInByLink } from '../../services/legal/sign-in-consent';
import { createAccessRequest } from '../../services/people/access-requests';
import { acceptInvitation, previewInvitation } from '../../services/people/staff-invitations';

const client = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

export function authHandlers(ctx: AppContext) {
  return typedHandlers({
    authTelegram: async (request) => signInWithTelegram(ctx, request.body, client(request)),

    authLogin: async (request) => {
      const { login, password } = request.body;
      return signInWithPassword(ctx, login, password, client(request));
    },

    getInvitation: async (request) => previewInvitation(ctx, request.query.token, request.ip),

    acceptInvitation: async (request) => {
      const { token, password } = request.body;
      return acceptInvitation(ctx, token, password, client(request));
    },

    authHash: async (request) => {
      const { email, hash } = request.body;
      return signInByLink(ctx, email, hash, client(request));
    },

    authRequestCode: async (request) => requestSignInCode(ctx, request.body, client(request)),

    authVerifyCode: async (request) => {
      const { email, verificationCode } = request.body;
      return signInByCode(ctx, email, verificationCode, client(request));
    },

    authRefresh: async (request) => {
      const user = signedInUser(request);
      if (!(await ctx.tokens.extendSession(user.sessionId))) throw unauthorized();
      return {
        token: await ctx.tokens.issueAccessToken({
          userId: user.id,
          sessionId: user.sessionId,
          role: user.role,
        }),
      };
    },

    authLogout: async (request, reply) => {
      await ctx.tokens.revokeSession(signedInUser(request).sessionId);
      return reply.code(204).send();
    },

    authSession: async (request) => currentSession(ctx.db, signedInUser(request)),

    authRequestAccess: async (request, reply) => {
      // Any email in the body is ignored: the request is for the signed-in account's own.
      const { name, reason } = request.body;
      reply.code(201);
      return createAccessRequest(ctx, signedInUser(request), { name, reason });
    },
  });
}
