/**
 * How many orders one source may place (docs/decisions/0027-abuse-limits.md). Without signing in
 * anyone may type any email, so an anonymous order is counted on its client address (a script
 * flooding the form) and on its email (a stranger filling someone's inbox and cabinet); a
 * signed-in customer has proved their email and is counted per account, with more room. The
 * address is counted first: a request refused for its address uses up nothing of the email's.
 */
import type { RateLimit } from '../../auth/rate-limits';
import type { ServerConfig } from '../../config';

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

export interface OrderSource {
  /** The signed-in customer, or null for the public form. */
  callerId: number | null;
  /** The order's email, normalised. */
  email: string;
  /** The client address (behind a proxy: as TRUST_PROXY says), when the order came over HTTP. */
  ip: string | undefined;
}

export function orderLimits(limits: ServerConfig['limits'], source: OrderSource): RateLimit[] {
  if (source.callerId !== null) {
    return [
      {
        key: `order:customer:${source.callerId}`,
        limit: limits.ordersPerHourPerCustomer,
        windowSeconds: HOUR,
        message: (wait) => `Слишком много заказов за час. Повторите через ${wait}`,
      },
    ];
  }
  return [
    ...(source.ip
      ? [
          {
            key: `order:address:${source.ip}`,
            limit: limits.ordersPerHourPerAddress,
            windowSeconds: HOUR,
            message: (wait: string) =>
              `Слишком много заказов без входа в личный кабинет с этого адреса. Повторите через ${wait} или войдите в кабинет — заказ уйдёт сразу.`,
          },
        ]
      : []),
    {
      key: `order:email:${source.email}`,
      limit: limits.ordersPerDayPerEmail,
      windowSeconds: DAY,
      message: (wait) =>
        `На эту почту уже оформлено много заказов без входа в личный кабинет. Войдите в кабинет с этой почтой, чтобы отправить заказ сразу, или повторите через ${wait}`,
    },
  ];
}
