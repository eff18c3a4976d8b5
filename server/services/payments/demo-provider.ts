/**
 * The embedded demo provider: a payment is a random token kept as the order's payment id, and
 * its page is the server's own /pay/demo/{token} (handlers/payments/demo-page.ts), which says
 * plainly that it is a test mode. Nothing leaves the server, so the whole payment path can be
 * tried without a contract with a bank — and it can never take real money.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ServerConfig } from '../../config';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import type { PaymentProvider } from './provider';

export const DEMO_PAYMENT_PREFIX = 'demo_';
const DEMO_SBP_MARK = 'sbp.';
/** A demo payment's way, from its id. */
export const demoPaymentMethod = (paymentId: string): 'card' | 'sbp' =>
  paymentId.startsWith(`${DEMO_PAYMENT_PREFIX}${DEMO_SBP_MARK}`) ? 'sbp' : 'card';
export const demoPaymentPath = (paymentId: string) => `/pay/demo/${encodeURIComponent(paymentId)}`;

export type DemoOrder = typeof orders.$inferSelect;

/** The order a demo payment id belongs to, for its page; undefined for any other id. */
export async function demoPaymentOrder(db: Database, paymentId: string): Promise<DemoOrder | undefined> {
  if (!paymentId.startsWith(DEMO_PAYMENT_PREFIX) || paymentId.length > 100) return undefined;
  const [order] = await db.select().from(orders).where(eq(orders.paymentId, paymentId));
  return order;
}

/**
 * `siteUrl`: the site the customer pays from (PUBLIC_URL, or the page's origin without it), so
 * they stay signed in there — the first link and a payment opened again are built the same way.
 */
export function createDemoProvider(
  config: ServerConfig,
  db: Database,
  siteUrl: string = config.publicUrl,
): PaymentProvider {
  const pageUrl = (paymentId: string) => `${siteUrl}${demoPaymentPath(paymentId)}`;
  return {
    name: 'demo',
    async createPayment(payment) {
      // The way travels in the id, so the page and a second tap know it without another column.
      const way = payment.method === 'sbp' ? DEMO_SBP_MARK : '';
      const paymentId = `${DEMO_PAYMENT_PREFIX}${way}${randomBytes(18).toString('base64url')}`;
      return { paymentId, confirmationUrl: pageUrl(paymentId) };
    },
    async getPayment(paymentId) {
      const [order] = await db
        .select({ id: orders.id, amount: orders.amount, paidAt: orders.paidAt })
        .from(orders)
        .where(eq(orders.paymentId, paymentId));
      if (!order) return null;
      return {
        paymentId,
        status: order.paidAt ? 'succeeded' : 'pending',
        paid: order.paidAt !== null,
        amount: order.amount,
        orderId: order.id,
        confirmationUrl: pageUrl(paymentId),
        method: demoPaymentMethod(paymentId),
      };
    },
  };
}
