/** Handlers of the contract's `users` tag (ADMIN only, by the contract's security). */
import type { Role } from '../../../src/domain/roles';
import type { AppContext } from '../../context';
import { signedInUser } from '../../http/authorize';
import type { OperationHandlers } from '../../http/operations';
import {
  blockUser,
  deleteUser,
  listUsers,
  setUserCredentials,
  setUserPartner,
  setUserRole,
  unblockUser,
} from '../../services/users';

export function usersHandlers(ctx: AppContext): OperationHandlers {
  return {
    listUsers: async (request) =>
      listUsers(ctx.db, request.query as { role?: Role; search?: string; limit: number; offset: number }),

    setUserRole: async (request) => {
      const { id, role } = request.body as { id: number; role: Role };
      return setUserRole(ctx.db, signedInUser(request).id, id, role);
    },

    setUserPartner: async (request) => {
      const { id, partnerId } = request.body as { id: number; partnerId: number };
      return setUserPartner(ctx.db, signedInUser(request).id, id, partnerId);
    },

    blockUser: async (request) => {
      const { id, reason } = request.body as { id: number; reason: string };
      return blockUser(ctx.db, signedInUser(request).id, id, reason);
    },

    unblockUser: async (request) => unblockUser(ctx.db, (request.body as { id: number }).id),

    setUserCredentials: async (request) => {
      const { id, login, password } = request.body as { id: number; login: string; password: string };
      return setUserCredentials(ctx.db, id, login, password);
    },

    deleteUser: async (request, reply) => {
      const { id } = request.params as { id: number };
      await deleteUser(ctx.db, signedInUser(request).id, id);
      return reply.code(204).send();
    },
  };
}
