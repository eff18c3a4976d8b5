/** Handlers of the contract's `users` tag (ADMIN only, by the contract's security). */
import type { AppContext } from '../../app-context';
import { signedInUser } from '../../http/authorize';
import { siteUrlOf } from '../../http/site-url';
import { typedHandlers } from '../../http/typed-handlers';
import { inviteStaff, listInvitations } from '../../services/people/staff-invitations';
import { listUserChanges } from '../../services/people/user-history';
import {
  blockUser,
  deleteUser,
  listUsers,
  readUserSnapshot,
  setUserCredentials,
  setUserPartner,
  setUserRole,
  unblockUser,
  userNotFound,
} from '../../services/people/users';

export function usersHandlers(ctx: AppContext) {
  return typedHandlers({
    listUsers: async (request) => listUsers(ctx.db, request.query),

    inviteStaff: async (request, reply) => {
      const invitation = await inviteStaff(
        ctx,
        signedInUser(request),
        request.body,
        siteUrlOf(ctx.config, request),
      );
      return reply.code(201).send(invitation);
    },

    listStaffInvitations: async () => listInvitations(ctx),

    setUserRole: async (request) => {
      const { id, role } = request.body;
      return setUserRole(ctx.db, signedInUser(request), id, role);
    },

    setUserPartner: async (request) => {
      const { id, partnerId } = request.body;
      return setUserPartner(ctx.db, signedInUser(request), id, partnerId);
    },

    blockUser: async (request) => {
      const { id, reason } = request.body;
      return blockUser(ctx.db, signedInUser(request), id, reason);
    },

    unblockUser: async (request) => unblockUser(ctx.db, signedInUser(request), request.body.id),

    setUserCredentials: async (request) => {
      const { id, login, password } = request.body;
      return setUserCredentials(ctx.db, signedInUser(request), id, login, password);
    },

    deleteUser: async (request, reply) => {
      await deleteUser(ctx.db, signedInUser(request), request.params.id);
      return reply.code(204).send();
    },

    listUserChanges: async (request) => {
      if (!(await readUserSnapshot(ctx.db, request.params.id))) throw userNotFound();
      return listUserChanges(ctx.db, request.params.id);
    },
  });
}
