/**
 * «Заметки для сотрудников» are the office's alone. Every operation a customer (USER) or a partner
 * may call is sent by the order's own customer and by the partner of its pickup point, aimed at an
 * order that carries office notes, a conversation and the finished translation — and every answer
 * is read whole: no note's text is anywhere, the customer never reads a staff member's address, and
 * the partner reads neither the conversation nor the translation's files (which answer it 404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessages, orderNotes } from '../../server/db/schema';
import { accessFromSecurity } from '../../server/http/authorize';
import { listOperations, loadContract } from '../../server/http/contract';
import { createOrder, createResult, createUser } from '../../server/test-support/fixtures';
import { signInUser } from '../../server/test-support/sign-in';
import { startTestServer, type TestServer } from '../../server/test-support/test-server';
import type { Role } from '../../src/domain/roles';
import { prepareRequest } from './requests';

const contract = loadContract();
const operationsOf = (role: Role) =>
  listOperations(contract).filter((op) => {
    const access = accessFromSecurity(op.security, op.operationId);
    return access.isPublic || access.roles === 'any' || access.roles.includes(role);
  });

const NOTES = ['Клиент конфликтный, все обещания — письменно', 'Скидка 10 % согласована с директором'];
const STAFF_EMAIL = 'notes.keeper@perevod.local';
/** What a partner's counter must not read either: the conversation and the translation's files. */
const CONVERSATION = ['Можно ли забрать перевод в субботу?', 'Да, пункт работает в субботу до 16:00'];
const RESULT_NAME = 'Перевод паспорта.pdf';

function leaksIn(value: unknown, secrets: readonly string[], path = ''): string[] {
  if (typeof value === 'string') {
    return secrets.filter((secret) => value.includes(secret)).map((secret) => `${path} holds «${secret}»`);
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => leaksIn(item, secrets, `${path}/${index}`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => [
    ...(key === 'notes' ? [`${path}/notes is there`] : []),
    ...leaksIn(item, secrets, `${path}/${key}`),
  ]);
}

let server: TestServer;
let customer: { id: number; role: Role };
let partner: { id: number; role: Role };
let orderId: number;
let resultFileId: string;
const read: Record<'USER' | 'PARTNER', string[]> = { USER: [], PARTNER: [] };

beforeAll(async () => {
  server = await startTestServer();
  const ctx = server.context;
  customer = { id: (await createUser(ctx, { email: 'notes.customer@example.ru' })).id, role: 'USER' };
  partner = { id: (await createUser(ctx, { role: 'PARTNER', partnerId: 1 })).id, role: 'PARTNER' };
  const staff = await createUser(ctx, { role: 'MANAGER', email: STAFF_EMAIL });
  orderId = (await createOrder(ctx, { userId: customer.id, partnerId: 1 })).id;
  for (const text of NOTES)
    await ctx.db
      .insert(orderNotes)
      .values({ orderId, text, authorUserId: staff.id, authorEmail: STAFF_EMAIL });
  await ctx.db.insert(orderMessages).values([
    { orderId, side: 'CUSTOMER', text: CONVERSATION[0] as string, authorUserId: customer.id },
    {
      orderId,
      side: 'BUREAU',
      text: CONVERSATION[1] as string,
      authorUserId: staff.id,
      authorEmail: STAFF_EMAIL,
    },
  ]);
  await createResult(ctx, orderId, 'AT_PICKUP_POINT');
  const [{ url }] = (
    await server.app.inject({ url: `/api/order/${orderId}`, headers: (await signInUser(ctx, staff)).headers })
  ).json().results;
  resultFileId = String(url).split('/').at(-1) as string;
});
afterAll(async () => {
  console.info(
    `customer answers read: ${read.USER.join(', ')}\npartner answers read: ${read.PARTNER.join(', ')}`,
  );
  await server?.close();
});

async function answerOf(caller: { id: number; role: Role }, op: ReturnType<typeof listOperations>[number]) {
  const { headers } = await signInUser(server.context, caller);
  const request = prepareRequest(contract, op, {
    headers,
    parameters: { id: op.operationId === 'downloadFile' ? resultFileId : orderId, orderId, upToId: 1 },
    body:
      op.operationId === 'changeOrderStatus'
        ? { id: orderId, status: 'COMPLETED', expectedStatus: 'AT_PICKUP_POINT' }
        : undefined,
  });
  return server.app.inject({ ...request, remoteAddress: '192.0.2.30' });
}

describe("the office's notes", () => {
  it.each(operationsOf('USER').map((op) => [op.operationId, op] as const))(
    "are in no answer of %s to the order's customer, nor is a staff member's address",
    async (operationId, op) => {
      const response = await answerOf(customer, op);
      if (response.statusCode >= 300 || !String(response.headers['content-type']).includes('json')) return;
      read.USER.push(operationId);
      expect(leaksIn(response.json(), [...NOTES, STAFF_EMAIL]), response.body.slice(0, 400)).toEqual([]);
    },
  );

  it.each(operationsOf('PARTNER').map((op) => [op.operationId, op] as const))(
    'are in no answer of %s to the partner, nor the conversation or the translation',
    async (operationId, op) => {
      const response = await answerOf(partner, op);
      if (operationId === 'downloadFile') expect(response.statusCode, 'the translation').toBe(404);
      if (response.statusCode >= 300 || !String(response.headers['content-type']).includes('json')) return;
      read.PARTNER.push(operationId);
      const secrets = [...NOTES, STAFF_EMAIL, ...CONVERSATION, RESULT_NAME];
      expect(leaksIn(response.json(), secrets), response.body.slice(0, 400)).toEqual([]);
    },
  );

  it('were checked against the answers that carry the order: its page, thread and list, and the partner’s card', () => {
    expect(read.USER).toEqual(
      expect.arrayContaining(['getMyOrder', 'listMyOrders', 'listMyOrderMessages', 'sendMyOrderMessage']),
    );
    expect(read.PARTNER).toEqual(expect.arrayContaining(['getPartnerOrder', 'listPartnerOrders']));
  });

  it('are what the office reads on the card', async () => {
    const { headers } = await signInUser(server.context, {
      id: (await createUser(server.context, { role: 'ADMIN' })).id,
      role: 'ADMIN',
    });
    const notes = (await server.app.inject({ url: `/api/order/${orderId}/notes`, headers })).json().notes;
    expect(notes.map((note: { text: string }) => note.text)).toEqual(NOTES);
  });
});
