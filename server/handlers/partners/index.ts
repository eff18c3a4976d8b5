/** Handlers of the contract's `partners` tag: the partners who run pickup points. */
import type { AppContext } from '../../app-context';
import { signedInUser } from '../../http/authorize';
import { typedHandlers } from '../../http/typed-handlers';
import { catalogueActor } from '../../services/catalogue/changes';
import { createPartner, listPartners, removePartner, updatePartner } from '../../services/catalogue/partners';

export function partnersHandlers(ctx: AppContext) {
  return typedHandlers({
    listPartners: async () => listPartners(ctx.db),
    createPartner: async (request, reply) => {
      const partner = await createPartner(ctx.db, request.body, catalogueActor(signedInUser(request)));
      return reply.code(201).send(partner);
    },
    updatePartner: async (request) =>
      updatePartner(ctx.db, request.body, catalogueActor(signedInUser(request))),
    deletePartner: async (request) =>
      removePartner(ctx.db, request.query.id, catalogueActor(signedInUser(request))),
  });
}
