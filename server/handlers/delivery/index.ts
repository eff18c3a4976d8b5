/**
 * Step 4's server side: the map's configuration, address suggestions through the server, and the
 * courier-service price from the CDEK adapter (server/services/courier/check-price.ts). Without
 * CDEK configured check-price answers 404 with a Russian message and the form keeps the courier
 * delivery's own tariff from form-params.
 */
import type { AppContext } from '../../app-context';
import { typedHandlers } from '../../http/typed-handlers';
import { countSuggestion, suggestAddresses } from '../../services/courier/address-suggest';
import { checkCourierPrice } from '../../services/courier/check-price';

export { COURIER_NOT_CONNECTED } from '../../services/courier/check-price';

export function deliveryHandlers(ctx: AppContext) {
  return typedHandlers({
    getMapConfig: async () => ({
      styleUrl: ctx.config.map.styleUrl,
      rasterTileUrl: ctx.config.map.rasterTileUrl,
    }),
    suggestAddress: async (request) => {
      const { query, count } = request.body;
      await countSuggestion(ctx, request.ip);
      return suggestAddresses(ctx.config.addressSuggest, query, count ?? 10, request.log);
    },
    checkCourierDeliveryPrice: async (request) => checkCourierPrice(ctx, ctx.courier, request.body),
  });
}
