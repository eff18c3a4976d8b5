/**
 * A partner is a pickup counter: it needs the order number, the customer's name and phone, what to
 * hand over and the status (docs/decisions/0038-what-a-partner-sees.md). Every operation a
 * PARTNER may call is sent as a partner, aimed at an order of its pickup point whose other
 * document has a cost, whose amount an admin changed, whose history names staff by email and
 * carries an office comment, with a promo code, the customer's email and comment, and a scan —
 * and every answer is read whole: none of that appears anywhere, and the scan answers 404.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, orderFiles, orderStatusHistory, orders } from '../../server/db/schema';
import { accessFromSecurity } from '../../server/http/authorize';
import { listOperations, loadContract } from '../../server/http/contract';
import { createFile, createOrder, createUser } from '../../server/test-support/fixtures';
import { type SignedInTestUser, signInAs, signInUser } from '../../server/test-support/sign-in';
import { startTestServer, type TestServer } from '../../server/test-support/test-server';
import { prepareRequest } from './requests';

const contract = loadContract();
const partnerOperations = listOperations(contract).filter((op) => {
  const access = accessFromSecurity(op.security, op.operationId);
  return access.isPublic || access.roles === 'any' || access.roles.includes('PARTNER');
});

/** Keys of an order a pickup counter has no use for: money, the customer's email, files, the office's notes. */
const FORBIDDEN_KEYS = new Set([
  'cost',
  'otherCost',
  'otherPrice',
  'documentsCost',
  'totalCost',
  'margin',
  'costs',
  'amount',
  'email',
  'actorEmail',
  'promoCode',
  'discountPercent',
  'promoAmount',
  'paymentUrl',
  'files',
  'changes',
  'organizationInn',
  'organizationName',
  'invoicePdfPath',
  'actPdfPath',
  'actSignedPath',
  // the office's notes, the customer's conversation, the finished translation's files
  'notes',
  'messages',
  'results',
]);
/** What was written on the order that only the customer and the office may read. */
const SECRETS = {
  customerEmail: 'private.customer@example.ru',
  customerComment: 'Позвоните после шести',
  promoCode: 'FRIENDS-ONLY',
  officeComment: 'Клиент просил скидку, согласовано с директором',
  staffEmail: 'night.shift.manager@perevod.local',
  scanName: 'passport-scan.pdf',
};

/**
 * Every place in an answer a partner must not see, as a JSON path and what is there: any of the
 * order's secrets anywhere, and in an answer about the partner's orders (`strict`) any key a
 * pickup counter has no use for.
 */
function leaksIn(value: unknown, strict: boolean, path = ''): string[] {
  if (typeof value === 'string') {
    return Object.entries(SECRETS)
      .filter(([, secret]) => value.includes(secret))
      .map(([what]) => `${path} holds the ${what}`);
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => leaksIn(item, strict, `${path}/${index}`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const at = `${path}/${key}`;
    const found =
      strict && FORBIDDEN_KEYS.has(key) && item !== null ? [`${at} = ${JSON.stringify(item)}`] : [];
    return [...found, ...leaksIn(item, strict, at)];
  });
}

/**
 * The operations answering about the partner's orders; the others answer about the partner's own
 * things (its profile's email, orders it placed as a customer, its uploads).
 */
const ORDER_ANSWERS = new Set(['listPartnerOrders', 'getPartnerOrder', 'changeOrderStatus']);

let server: TestServer;
let partner: { id: number; role: 'PARTNER' };
let orderId: number;
let scanId: string;
const answered: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const ctx = server.context;
  partner = { id: (await createUser(ctx, { role: 'PARTNER', partnerId: 1 })).id, role: 'PARTNER' };
  const customer = await createUser(ctx);
  orderId = (await createOrder(ctx, { userId: customer.id, partnerId: 1 })).id;
  await ctx.db
    .update(orders)
    .set({
      amount: 2000,
      email: SECRETS.customerEmail,
      comment: SECRETS.customerComment,
      promoCode: SECRETS.promoCode,
    })
    .where(eq(orders.id, orderId));
  const scan = await createFile(ctx, customer.id, orderId);
  await ctx.db.update(files).set({ name: SECRETS.scanName }).where(eq(files.id, scan.id));
  await ctx.db.insert(orderFiles).values({ orderId, fileId: scan.id });
  scanId = scan.id;
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
    actorEmail: SECRETS.staffEmail,
    actorRole: 'MANAGER',
    comment: SECRETS.officeComment,
  });
});
afterAll(async () => {
  console.info(`partner answers read: ${answered.join(', ')}`);
  await server?.close();
});

describe("a partner's answers", () => {
  it.each(partnerOperations.map((op) => [op.operationId, op] as const))(
    '%s carries nothing of the order beyond what a pickup counter needs',
    async (operationId, op) => {
      // A fresh session per request: a sign-out by one leaves the next signed in.
      const { headers } = await signInUser(server.context, partner);
      const request = prepareRequest(contract, op, {
        headers,
        parameters: { id: operationId === 'downloadFile' ? scanId : orderId, orderId },
        body:
          operationId === 'changeOrderStatus'
            ? { id: orderId, status: 'AT_PICKUP_POINT', expectedStatus: 'IN_DELIVERY' }
            : undefined,
      });
      const response = await server.app.inject({ ...request, remoteAddress: '192.0.2.20' });
      if (operationId === 'downloadFile') expect(response.statusCode, 'the scan').toBe(404);
      if (response.statusCode >= 300 || !String(response.headers['content-type']).includes('json')) return;
      answered.push(operationId);
      const leaks = leaksIn(response.json(), ORDER_ANSWERS.has(operationId));
      expect(leaks, `${operationId}: ${response.body.slice(0, 400)}`).toEqual([]);
    },
  );

  it('include the order card, the list and a status move, so the check above reads real answers', () => {
    expect(answered).toEqual(
      expect.arrayContaining(['getPartnerOrder', 'listPartnerOrders', 'changeOrderStatus']),
    );
  });

  it("keep what the counter needs: number, the customer's name and phone, what to hand over, status", async () => {
    const { headers } = await signInUser(server.context, partner);
    const card = await server.app.inject({ url: `/api/order/partner/${orderId}`, headers });
    expect(card.statusCode).toBe(200);
    expect(card.json().order).toMatchObject({
      id: orderId,
      name: 'Анна Смирнова',
      phoneNumber: '+7 916 123-45-67',
      status: expect.any(String),
      documents: expect.any(Array),
    });
    expect(card.json().history.map((move: { status: string }) => move.status)).toContain('IN_DELIVERY');
  });

  it('leaves the scan downloadable by the office staff', async () => {
    const { headers } = await signInAs(server.context, 'MANAGER');
    expect((await server.app.inject({ url: `/api/files/${scanId}`, headers })).statusCode).toBe(200);
  });
});
