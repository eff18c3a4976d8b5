/** Handlers of the contract's `auth` tag: the sign-in methods, the session, access requests. */

import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { requestEmailCode, signInWithLink, verifyEmailCode } from '../../auth/email-sign-in';
import { signInWithPassword } from '../../auth/password-sign-in';
import { type ClientInfo, toSessionUser } from '../../auth/sign-in';
import { signInWithTelegram } from '../../auth/telegram-sign-in';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { signedInUser } from '../../http/authorize';
import { unauthorized } from '../../http/errors';
import { typedHandlers } from '../../http/typed-handlers';
import { createAccessRequest } from '../../services/access-requests';
import { acceptInvitation, previewInvitation } from '../../services/staff-invitations';

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
      return signInWithLink(ctx, email, hash, client(request));
    },

    authRequestCode: async (request) => requestEmailCode(ctx, request.body.email, client(request)),

    authVerifyCode: async (request) => {
      const { email, verificationCode } = request.body;
      return verifyEmailCode(ctx, email, verificationCode, client(request));
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

    authSession: async (request) => {
      const caller = signedInUser(request);
      const [user] = await ctx.db.select().from(users).where(eq(users.id, caller.id));
      if (!user) throw unauthorized();
      return {
        status: 'AUTHORIZED',
        user: toSessionUser(user),
        expiresAt: caller.sessionExpiresAt.toISOString(),
      };
    },

    authRequestAccess: async (request, reply) => {
      // Any email in the body is ignored: the request is for the signed-in account's own.
      const { name, reason } = request.body;
      reply.code(201);
      return createAccessRequest(ctx, signedInUser(request), { name, reason });
    },
  });
}
