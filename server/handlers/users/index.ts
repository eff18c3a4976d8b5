/** Handlers of the contract's `users` tag (ADMIN only, by the contract's security). */
import type { AppContext } from '../../context';
import { signedInUser } from '../../http/authorize';
import { typedHandlers } from '../../http/typed-handlers';
import {
  blockUser,
  deleteUser,
  listUsers,
  setUserCredentials,
  setUserPartner,
  setUserRole,
  unblockUser,
} from '../../services/users';

export function usersHandlers(ctx: AppContext) {
  return typedHandlers({
    listUsers: async (request) => listUsers(ctx.db, request.query),

    setUserRole: async (request) => {
      const { id, role } = request.body;
      return setUserRole(ctx.db, signedInUser(request).id, id, role);
    },

    setUserPartner: async (request) => {
      const { id, partnerId } = request.body;
      return setUserPartner(ctx.db, signedInUser(request).id, id, partnerId);
    },

    blockUser: async (request) => {
      const { id, reason } = request.body;
      return blockUser(ctx.db, signedInUser(request).id, id, reason);
    },

    unblockUser: async (request) => unblockUser(ctx.db, request.body.id),

    setUserCredentials: async (request) => {
      const { id, login, password } = request.body;
      return setUserCredentials(ctx.db, id, login, password);
    },

    deleteUser: async (request, reply) => {
      await deleteUser(ctx.db, signedInUser(request).id, request.params.id);
      return reply.code(204).send();
    },
  });
}
