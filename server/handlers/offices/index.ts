/** Handlers of the contract's `offices` tag. */
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { typedHandlers } from '../../http/typed-handlers';
import { findOffice, listOffices } from '../../services/offices';

export function officesHandlers(ctx: AppContext) {
  return typedHandlers({
    listOffices: async () => listOffices(ctx.db),
    getOffice: async (request) => {
      const office = await findOffice(ctx.db, request.params.id);
      if (!office) throw notFound('Офис не найден');
      return office;
    },
  });
}
