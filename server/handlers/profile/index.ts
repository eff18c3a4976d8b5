/** Handlers of the contract's `profile` tag: the caller's own profile, credentials and organization. */
import type { AppContext } from '../../app-context';
import { signedInUser } from '../../http/authorize';
import { typedHandlers } from '../../http/typed-handlers';
import {
  findOwnOrganization,
  saveOwnOrganization,
  updateOrganizationSigner,
} from '../../services/people/organizations';
import {
  changeOwnPassword,
  confirmEmailChange,
  requestEmailChange,
} from '../../services/people/own-credentials';
import { getProfile, updateProfile } from '../../services/people/profile';

export function profileHandlers(ctx: AppContext) {
  return typedHandlers({
    getProfile: async (request) => ({ profile: await getProfile(ctx.db, signedInUser(request).id) }),

    updateProfile: async (request) => ({
      profile: await updateProfile(ctx.db, signedInUser(request), request.body),
    }),

    requestEmailChange: async (request) =>
      requestEmailChange(ctx, signedInUser(request), request.body.email, request.ip),

    confirmEmailChange: async (request) => ({
      profile: await confirmEmailChange(
        ctx,
        signedInUser(request),
        request.body.email,
        request.body.code,
        request.ip,
      ),
    }),

    changePassword: async (request, reply) => {
      const { currentPassword, newPassword } = request.body;
      await changeOwnPassword(ctx, signedInUser(request), currentPassword, newPassword);
      return reply.code(204).send();
    },

    getMyOrganization: async (request) => ({
      organization: await findOwnOrganization(ctx.db, signedInUser(request).id),
    }),

    saveMyOrganization: async (request) => ({
      organization: await saveOwnOrganization(ctx.db, signedInUser(request).id, request.body),
    }),

    updateOrganizationSigner: async (request) =>
      updateOrganizationSigner(ctx.db, signedInUser(request), request.params.orgId, request.body),
  });
}
