/** The courier service the configuration asks for: CDEK when its keys are set, otherwise none. */
import type { ServerConfig } from '../../config';
import { createCdekCourier } from './cdek';
import type { CourierService } from './courier';

export function courierFor(config: Pick<ServerConfig, 'courier'>): CourierService | undefined {
  const cdek = config.courier.cdek;
  return cdek ? createCdekCourier(cdek) : undefined;
}

/** Said wherever the courier service is missing: the monitor, the periodic jobs, the parcel task. */
export const COURIER_NOT_CONFIGURED =
  'СДЭК не подключён (CDEK_CLIENT_ID, CDEK_CLIENT_SECRET): доставки оформляет бюро, цена — по тарифу доставки';
