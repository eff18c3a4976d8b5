/** Handlers of the contract's `admin` tag implemented so far: access requests and passwords. */
import { generatePassword } from '../../auth/passwords';
import type { AppContext } from '../../context';
import { signedInUser } from '../../http/authorize';
import { typedHandlers } from '../../http/typed-handlers';
import {
  approveAccessRequest,
  listAccessRequests,
  rejectAccessRequest,
} from '../../services/access-requests';

export function adminHandlers(ctx: AppContext) {
  return typedHandlers({
    listAccessRequests: async (request) => listAccessRequests(ctx, request.query.status),

    approveAccessRequest: async (request) =>
      approveAccessRequest(ctx, signedInUser(request).id, request.params.id, request.body),

    rejectAccessRequest: async (request) =>
      rejectAccessRequest(ctx, signedInUser(request).id, request.params.id, request.body.reason),

    generatePassword: async (request) => ({ password: generatePassword(request.query.length) }),
  });
}
