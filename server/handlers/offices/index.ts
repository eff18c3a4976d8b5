/** Handlers of the contract's `offices` tag. */
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operations';
import { findOffice, listOffices } from '../../services/offices';

export function officesHandlers(ctx: AppContext): OperationHandlers {
  return {
    listOffices: async () => listOffices(ctx.db),
    getOffice: async (request) => {
      const { id } = request.params as { id: number };
      const office = await findOffice(ctx.db, id);
      if (!office) throw notFound('Офис не найден');
      return office;
    },
  };
}
