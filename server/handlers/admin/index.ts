/** Handlers of the contract's `admin` tag implemented so far: access requests and passwords. */
import type { StaffRole } from '../../../src/domain/roles';
import { generatePassword } from '../../auth/passwords';
import type { AppContext } from '../../context';
import { signedInUser } from '../../http/authorize';
import type { OperationHandlers } from '../../http/operations';
import {
  type AccessRequest,
  approveAccessRequest,
  listAccessRequests,
  rejectAccessRequest,
} from '../../services/access-requests';

export function adminHandlers(ctx: AppContext): OperationHandlers {
  return {
    listAccessRequests: async (request) =>
      listAccessRequests(ctx, (request.query as { status?: AccessRequest['status'] }).status),

    approveAccessRequest: async (request) => {
      const { id } = request.params as { id: number };
      const decision = request.body as { login: string; role: StaffRole };
      return approveAccessRequest(ctx, signedInUser(request).id, id, decision);
    },

    rejectAccessRequest: async (request) => {
      const { id } = request.params as { id: number };
      const { reason } = request.body as { reason: string };
      return rejectAccessRequest(ctx, signedInUser(request).id, id, reason);
    },

    generatePassword: async (request) => ({
      password: generatePassword((request.query as { length: number }).length),
    }),
  };
}
