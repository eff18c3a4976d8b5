/** The courier service the configuration asks for: CDEK when its keys are set, otherwise none. */
import type { ServerConfig } from '../../config';
import { createCdekCourier } from './cdek';
import type { CourierService } from './courier';

export function courierFor(config: Pick<ServerConfig, 'courier'>): CourierService | undefined {
  const cdek = config.courier.cdek;
  return cdek ? createCdekCourier(cdek) : undefined;
}

/**
 * Said wherever the courier service is missing: the monitor, the periodic jobs, the parcel task.
 * The owner reads it, so it names what is missing in the bureau's terms; which settings connect
 * CDEK is the README's business (CDEK_CLIENT_ID, CDEK_CLIENT_SECRET).
 */
export const COURIER_NOT_CONFIGURED =
  'Не настроено: нужен договор со СДЭК. Пока доставки оформляет бюро, цена — по тарифу доставки';
