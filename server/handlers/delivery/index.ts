/**
 * Step 4's server side: the map's configuration, address suggestions through the server, and the
 * courier-service price. No courier service is connected yet, so check-price answers 404 with a
 * Russian message and the form keeps the courier delivery's own tariff from form-params; a CDEK
 * adapter would answer here once its credentials are configured.
 */
import type { AppContext } from '../../context';
import { ApiError } from '../../http/errors';
import { typedHandlers } from '../../http/typed-handlers';
import { suggestAddresses } from '../../services/address-suggest';

export const COURIER_NOT_CONNECTED =
  'Расчёт стоимости курьерской службой не подключён: действует тариф доставки';

export function deliveryHandlers(ctx: AppContext) {
  return typedHandlers({
    getMapConfig: async () => ({
      styleUrl: ctx.config.map.styleUrl,
      rasterTileUrl: ctx.config.map.rasterTileUrl,
    }),
    suggestAddress: async (request) => {
      const { query, count } = request.body;
      return suggestAddresses(ctx.config.addressSuggest, query, count ?? 10, request.log);
    },
    checkCourierDeliveryPrice: async () => {
      throw new ApiError(404, 'COURIER_NOT_CONNECTED', COURIER_NOT_CONNECTED);
    },
  });
}
