/** The payment provider the configuration asks for: YooKassa when its keys are set, else the demo. */
import type { ServerConfig } from '../../config';
import type { Database } from '../../db/client';
import { createDemoProvider } from './demo-provider';
import type { PaymentProvider } from './provider';
import { createYookassaProvider } from './yookassa';

export function paymentProviderFor(config: ServerConfig, db: Database): PaymentProvider {
  const yookassa = config.payments.yookassa;
  return yookassa ? createYookassaProvider(yookassa) : createDemoProvider(config, db);
}
