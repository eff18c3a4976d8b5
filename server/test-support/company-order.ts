/**
 * Test support for the document tests: a company order placed through the real POST /api/order
 * by a signed-in customer, so its lines, prices and organization are what the form makes.
 */
import { eq } from 'drizzle-orm';
import type { OrderStatus } from '../../src/domain/order-status';
import { orders } from '../db/schema';
import type { SignedInTestUser } from './sign-in';
import type { TestServer } from './test-server';

export const COMPANY = {
  organizationInn: '7707083893',
  organizationName: 'ООО «Ромашка»',
  organizationKpp: '773601001',
  organizationAddress: '125009, Москва, ул. Тверская, д. 7',
};

let serial = 0;

/**
 * Two passports with a notary's assurance and pickup delivery: (1200 + 900) × 2 + 250 = 4450 ₽.
 */
export async function placeOrder(
  server: TestServer,
  customer: SignedInTestUser,
  payer: 'LEGAL' | 'INDIVIDUAL' = 'LEGAL',
): Promise<{ id: number; number: string; amount: number }> {
  const answer = await server.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: customer.headers,
    payload: {
      name: 'Анна Смирнова',
      phoneNumber: '+7 916 123-45-67',
      email: `company-${++serial}-${customer.userId}@example.ru`,
      originalLanguage: 'ru',
      targetLanguage: 'en',
      orderDocuments: [{ documentId: 1, quantity: 2, assuranceIds: [1] }],
      deliveryType: 'PICKUP_POINT',
      personalDataConsent: true,
      deliveryId: 2,
      pickupPointId: 1,
      payerType: payer,
      ...(payer === 'LEGAL' ? COMPANY : {}),
    },
  });
  if (answer.statusCode !== 201) throw new Error(`order not placed: ${answer.body}`);
  const { order } = answer.json();
  return { id: order.id, number: order.number, amount: order.amount };
}

/** Staff moves are another part's operations; the document rules only read the status. */
export async function setStatus(server: TestServer, orderId: number, status: OrderStatus) {
  await server.context.db.update(orders).set({ status }).where(eq(orders.id, orderId));
}

/**
 * A company order that is ready, with its act issued by its owner. `actFrom` issues the act
 * through another server of the same database (the shared-bucket tests).
 */
export async function orderWithAct(
  server: TestServer,
  owner: SignedInTestUser,
  actFrom: TestServer = server,
): Promise<{ id: number; number: string; amount: number }> {
  const order = await placeOrder(server, owner);
  await setStatus(server, order.id, 'READY');
  const act = await actFrom.app.inject({
    method: 'POST',
    url: `/api/user/orders/${order.id}/generate-act`,
    headers: owner.headers,
  });
  if (act.statusCode !== 200) throw new Error(`act not generated: ${act.statusCode} ${act.body}`);
  return order;
}

export async function download(server: TestServer, url: string, headers: Record<string, string> = {}) {
  return server.app.inject({ method: 'GET', url, headers });
}
