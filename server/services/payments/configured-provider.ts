/**
 * The payment provider the configuration asks for: YooKassa when its keys are set, else the demo,
 * whose page lives on `siteUrl` (the customer's site; PUBLIC_URL by default).
 */
import type { ServerConfig } from '../../config';
import type { Database } from '../../db/client';
import { createDemoProvider } from './demo-provider';
import type { PaymentProvider } from './provider';
import { createYookassaProvider } from './yookassa';

export function paymentProviderFor(config: ServerConfig, db: Database, siteUrl?: string): PaymentProvider {
  const yookassa = config.payments.yookassa;
  return yookassa
    ? createYookassaProvider({ ...yookassa, vatCode: config.payments.vatCode })
    : createDemoProvider(config, db, siteUrl);
}
