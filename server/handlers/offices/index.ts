/** Handlers of the contract's `offices` tag: the public list and card, and staff edits. */
import type { AppContext } from '../../app-context';
import { notFound } from '../../errors';
import { signedInUser } from '../../http/authorize';
import { typedHandlers } from '../../http/typed-handlers';
import { catalogueActor } from '../../services/catalogue/changes';
import { createOffice, removeOffice, updateOffice } from '../../services/catalogue/office-edits';
import { findOffice, listOffices } from '../../services/catalogue/offices';

export function officesHandlers(ctx: AppContext) {
  return typedHandlers({
    listOffices: async () => listOffices(ctx.db),
    getOffice: async (request) => {
      const office = await findOffice(ctx.db, request.params.id);
      if (!office) throw notFound('Офис не найден');
      return office;
    },
    createOffice: async (request, reply) => {
      const office = await createOffice(ctx.db, request.body, catalogueActor(signedInUser(request)));
      return reply.code(201).send(office);
    },
    updateOffice: async (request) =>
      updateOffice(ctx.db, request.body, catalogueActor(signedInUser(request))),
    deleteOffice: async (request) =>
      removeOffice(ctx.db, request.query.id, catalogueActor(signedInUser(request))),
  });
}
