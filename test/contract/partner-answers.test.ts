/**
 * A partner hands orders over; what the bureau pays or earns is none of its business. Every
 * operation a PARTNER may call is sent as a partner, aimed at an order of its pickup point whose
 * other document has a cost, whose amount an admin changed, and whose history names staff by
 * email — and every answer is read whole: no cost, margin or other-document cost, no history of
 * price or cost changes, no staff email.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusHistory, orders } from '../../server/db/schema';
import { accessFromSecurity } from '../../server/http/authorize';
import { listOperations, loadContract } from '../../server/http/contract';
import { createOrder, createUser } from '../../server/test-support/fixtures';
import { type SignedInTestUser, signInAs, signInUser } from '../../server/test-support/sign-in';
import { startTestServer, type TestServer } from '../../server/test-support/test-server';
import { prepareRequest } from './requests';

const contract = loadContract();
const partnerOperations = listOperations(contract).filter((op) => {
  const access = accessFromSecurity(op.security, op.operationId);
  return access.isPublic || access.roles === 'any' || access.roles.includes('PARTNER');
});

const COST_KEYS = new Set(['cost', 'otherCost', 'documentsCost', 'totalCost', 'margin', 'costs']);
const PRICE_CHANGES = new Set(['AMOUNT', 'OTHER_PRICE', 'OTHER_COST']);

/** Every place in an answer a partner must not see, as a JSON path and what is there. */
function leaksIn(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaksIn(item, `${path}/${index}`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const at = `${path}/${key}`;
    const found: string[] = [];
    if (COST_KEYS.has(key) && item !== null) found.push(`${at} = ${JSON.stringify(item)}`);
    if (key === 'actorEmail' && item !== null) found.push(`${at} = ${JSON.stringify(item)}`);
    if (key === 'field' && typeof item === 'string' && PRICE_CHANGES.has(item)) found.push(`${at} = ${item}`);
    return [...found, ...leaksIn(item, at)];
  });
}

let server: TestServer;
let partner: { id: number; role: 'PARTNER' };
let orderId: number;
const answered: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const ctx = server.context;
  partner = { id: (await createUser(ctx, { role: 'PARTNER', partnerId: 1 })).id, role: 'PARTNER' };
  const customer = await createUser(ctx);
  orderId = (await createOrder(ctx, { userId: customer.id, partnerId: 1 })).id;
  await ctx.db.update(orders).set({ amount: 2000 }).where(eq(orders.id, orderId));
  const admin: SignedInTestUser = await signInAs(ctx, 'ADMIN', { email: 'boss@perevod.local' });
  const staffEdits = [
    { url: '/api/order/amount', payload: { id: orderId, amount: 2500, comment: 'Срочность' } },
    { url: '/api/order/other-document-amount', payload: { orderId, otherPrice: 1800, otherCost: 900 } },
  ];
  for (const edit of staffEdits) {
    const answer = await server.app.inject({ method: 'PATCH', headers: admin.headers, ...edit });
    expect(answer.statusCode, answer.body).toBe(200);
  }
  // On its way to the partner's point, moved there by a manager known by email.
  await ctx.db.update(orders).set({ status: 'IN_DELIVERY' }).where(eq(orders.id, orderId));
  await ctx.db.insert(orderStatusHistory).values({
    orderId,
    fromStatus: 'READY',
    status: 'IN_DELIVERY',
    actorEmail: 'manager@perevod.local',
    actorRole: 'MANAGER',
  });
});
afterAll(async () => {
  console.info(`partner answers read: ${answered.join(', ')}`);
  await server?.close();
});

describe("a partner's answers", () => {
  it.each(partnerOperations.map((op) => [op.operationId, op] as const))(
    '%s carries no cost, margin, price change or staff email',
    async (operationId, op) => {
      // A fresh session per request: a sign-out by one leaves the next signed in.
      const { headers } = await signInUser(server.context, partner);
      const request = prepareRequest(contract, op, {
        headers,
        parameters: { id: orderId, orderId },
        body:
          operationId === 'changeOrderStatus'
            ? { id: orderId, status: 'AT_PICKUP_POINT', expectedStatus: 'IN_DELIVERY' }
            : undefined,
      });
      const response = await server.app.inject({ ...request, remoteAddress: '192.0.2.20' });
      if (response.statusCode >= 300 || !String(response.headers['content-type']).includes('json')) return;
      answered.push(operationId);
      expect(leaksIn(response.json()), `${operationId}: ${response.body.slice(0, 400)}`).toEqual([]);
    },
  );

  it('include the order card, the list and a status move, so the check above reads real answers', () => {
    expect(answered).toEqual(expect.arrayContaining(['getOrder', 'listPartnerOrders', 'changeOrderStatus']));
  });
});
