/**
 * Orders for the cabinet's tests, placed through the real POST /api/order (so prices and costs
 * come from the seeded catalogue), then moved to the status a test needs straight in the database.
 */
import { eq } from 'drizzle-orm';
import type { OrderStatus } from '../../src/domain/order-status';
import { orders } from '../db/schema';
import type { TestServer } from './test-server';

let serial = 0;

export const orderPayload = (changes: Record<string, unknown> = {}) => ({
  name: 'Анна Смирнова',
  phoneNumber: '8 (916) 123-45-67',
  email: `cabinet.${++serial}.${Date.now()}@example.ru`,
  originalLanguage: 'ru',
  targetLanguage: 'en',
  orderDocuments: [{ documentId: 1, quantity: 2, assuranceIds: [1] }],
  payerType: 'INDIVIDUAL',
  deliveryType: 'PICKUP_POINT',
  personalDataConsent: true,
  deliveryId: 2,
  pickupPointId: 1,
  ...changes,
});

/** Places an order as the signed-in caller (headers) or anonymously; answers the staff Order. */
export async function placeOrder(
  server: TestServer,
  options: { headers?: Record<string, string>; changes?: Record<string, unknown>; status?: OrderStatus } = {},
) {
  const answer = await server.app.inject({
    method: 'POST',
    url: '/api/order',
    payload: orderPayload(options.changes),
    headers: options.headers ?? {},
  });
  if (answer.statusCode !== 201) throw new Error(`order not placed: ${answer.body}`);
  const order = answer.json().order as { id: number; number: string; amount: number; email: string };
  if (options.status) await setStatus(server, order.id, options.status);
  return order;
}

export async function setStatus(server: TestServer, orderId: number, status: OrderStatus) {
  await server.context.db.update(orders).set({ status }).where(eq(orders.id, orderId));
}
