/** Handlers of the contract's `form-settings` tag: staff views of the catalogue, with costs. */
import type { AppContext } from '../../context';
import { typedHandlers } from '../../http/typed-handlers';
import { listAssurances, listDeliveries, listDocumentTypes } from '../../services/catalogue';
import { validatePromo } from '../../services/promo-codes';

export function formSettingsHandlers(ctx: AppContext) {
  return typedHandlers({
    listDocumentSettings: async () => listDocumentTypes(ctx.db),
    listAssuranceSettings: async () => listAssurances(ctx.db),
    listDeliverySettings: async () => listDeliveries(ctx.db),
    validatePromoCode: async (request) => validatePromo(ctx.db, request.body.code),
  });
}
