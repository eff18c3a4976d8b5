/** Handlers of the contract's `admin` tag implemented so far: access requests, passwords, statistics. */

import type { AppContext } from '../../app-context';
import { generatePassword } from '../../auth/passwords';
import { signedInUser } from '../../http/authorize';
import { typedHandlers } from '../../http/typed-handlers';
import {
  approveAccessRequest,
  listAccessRequests,
  rejectAccessRequest,
} from '../../services/people/access-requests';
import { unitEconomics } from '../../services/statistics/unit-economics';

export function adminHandlers(ctx: AppContext) {
  return typedHandlers({
    listAccessRequests: async (request) => listAccessRequests(ctx, request.query.status),

    approveAccessRequest: async (request) =>
      approveAccessRequest(ctx, signedInUser(request), request.params.id, request.body),

    rejectAccessRequest: async (request) =>
      rejectAccessRequest(ctx, signedInUser(request).id, request.params.id, request.body.reason),

    generatePassword: async (request) => ({ password: generatePassword(request.query.length) }),

    getUnitEconomics: async (request, reply) => {
      // Figures of a range change with every new order: never from a shared cache.
      reply.header('cache-control', 'no-store');
      return unitEconomics(ctx.db, request.query.startDate, request.query.endDate);
    },
  });
}
