/** Handlers of the contract's `profile` tag: the caller's own profile and organization. */
import type { AppContext } from '../../context';
import { signedInUser } from '../../http/authorize';
import type { OperationHandlers } from '../../http/operations';
import {
  findOwnOrganization,
  type OrganizationInput,
  saveOwnOrganization,
  updateOrganizationSigner,
} from '../../services/organizations';
import { getProfile, type ProfileUpdate, updateProfile } from '../../services/profile';

export function profileHandlers(ctx: AppContext): OperationHandlers {
  return {
    getProfile: async (request) => ({ profile: await getProfile(ctx.db, signedInUser(request).id) }),

    updateProfile: async (request) => ({
      profile: await updateProfile(ctx.db, signedInUser(request).id, request.body as ProfileUpdate),
    }),

    getMyOrganization: async (request) => ({
      organization: await findOwnOrganization(ctx.db, signedInUser(request).id),
    }),

    saveMyOrganization: async (request) => ({
      organization: await saveOwnOrganization(
        ctx.db,
        signedInUser(request).id,
        request.body as OrganizationInput,
      ),
    }),

    updateOrganizationSigner: async (request) => {
      const { orgId } = request.params as { orgId: number };
      const signer = request.body as { signerName: string; signerPosition: string };
      return updateOrganizationSigner(ctx.db, signedInUser(request), orgId, signer);
    },
  };
}
