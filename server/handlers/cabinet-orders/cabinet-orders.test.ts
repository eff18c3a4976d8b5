/** GET /api/user/orders and /api/user/orders/{id}: whose orders, what a customer may read, next steps. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRubles } from '../../../src/domain/format';
import { invoices, orderFiles, orderStatusHistory, orders, users } from '../../db/schema';
import { placeOrder, setStatus } from '../../test-support/cabinet-fixtures';
import { createFile, createOrganization } from '../../test-support/fixtures';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let anna: SignedInTestUser;
let boris: SignedInTestUser;
const ANNA = 'anna.cabinet@example.ru';

beforeAll(async () => {
  server = await startTestServer();
  anna = await signInAs(server.context, 'USER', { email: ANNA });
  boris = await signInAs(server.context, 'USER', { email: 'boris.cabinet@example.ru' });
});
afterAll(() => server?.close());

const get = (url: string, who?: SignedInTestUser) =>
  server.app.inject({ url, headers: who ? who.headers : {} });

/** Every key anywhere in a JSON answer. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      into.add(key);
      keysOf(item, into);
    }
  }
  return into;
}

describe('the cabinet order list and card', () => {
  it('answers 401 without a token and 404 for another customer’s order', async () => {
    const order = await placeOrder(server, { headers: anna.headers });
    expect((await get('/api/user/orders')).statusCode).toBe(401);
    const anonymous = await get(`/api/user/orders/${order.id}`);
    expect(anonymous.statusCode).toBe(401);
    const stranger = await get(`/api/user/orders/${order.id}`, boris);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ code: 'NOT_FOUND', message: 'Заказ не найден' });
    const borisList = (await get('/api/user/orders', boris)).json();
    expect(borisList.items.map((item: { id: number }) => item.id)).not.toContain(order.id);
  });

  it('lists orders placed signed in and without signing in with the same email, newest first', async () => {
    const carol = await signInAs(server.context, 'USER', { email: 'carol.cabinet@example.ru' });
    const signedIn = await placeOrder(server, { headers: carol.headers });
    const anonymous = await placeOrder(server, { changes: { email: 'Carol.Cabinet@example.ru' } });
    // An order whose account was deleted is still found by its email…
    const orphan = await placeOrder(server, { changes: { email: 'carol.cabinet@example.ru' } });
    await server.context.db.update(orders).set({ userId: null }).where(eq(orders.id, orphan.id));
    // …but an orphan with another email is nobody's in the cabinet.
    const stranger = await placeOrder(server, { changes: { email: 'dave.cabinet@example.ru' } });
    await server.context.db.update(orders).set({ userId: null }).where(eq(orders.id, stranger.id));

    const page = (await get('/api/user/orders', carol)).json();
    expect(page.items.map((item: { id: number }) => item.id)).toEqual([orphan.id, anonymous.id, signedIn.id]);
    expect(page).toMatchObject({ total: 3, limit: 20, offset: 0 });
    expect(page.items[0]).toMatchObject({
      number: orphan.number,
      status: 'NEW',
      statusLabel: 'Новый',
      amount: 4450,
      documents: [{ type: 'Паспорт', quantity: 2 }],
      deliveryType: 'PICKUP_POINT',
      nextStep: null,
    });
    expect((await get(`/api/user/orders/${orphan.id}`, carol)).statusCode).toBe(200);
    expect((await get(`/api/user/orders/${stranger.id}`, carol)).statusCode).toBe(404);
    // Whoever typed Carol's email into the public form: those orders say so, hers does not.
    expect(page.items.map((item: { placedWithoutSignIn: boolean }) => item.placedWithoutSignIn)).toEqual([
      true,
      true,
      false,
    ]);
    const card = (id: number) => get(`/api/user/orders/${id}`, carol).then((answer) => answer.json().order);
    expect((await card(anonymous.id)).placedWithoutSignIn).toBe(true);
    expect((await card(signedIn.id)).placedWithoutSignIn).toBe(false);
    const admin = await signInAs(server.context, 'ADMIN');
    const staffCard = await get(`/api/order/${anonymous.id}`, admin);
    expect(staffCard.json().order.placedWithoutSignIn).toBe(true);
  });

  it('filters by status and by the customer’s organization, and pages with a maximum', async () => {
    const erin = await signInAs(server.context, 'USER', { email: 'erin.cabinet@example.ru' });
    const organization = await createOrganization(server.context, erin.userId);
    const company = {
      payerType: 'LEGAL',
      organizationInn: organization.inn,
      organizationName: organization.name,
    };
    const legal = await placeOrder(server, { headers: erin.headers, changes: company });
    const paid = await placeOrder(server, { headers: erin.headers, status: 'PAID' });
    await placeOrder(server, { headers: erin.headers });

    const byStatus = (await get('/api/user/orders?status=PAID', erin)).json();
    expect(byStatus.items.map((item: { id: number }) => item.id)).toEqual([paid.id]);
    const byCompany = (await get(`/api/user/orders?organizationId=${organization.id}`, erin)).json();
    expect(byCompany.items.map((item: { id: number }) => item.id)).toEqual([legal.id]);
    // Someone else's organization id finds nothing rather than that company's orders.
    const other = await createOrganization(server.context, boris.userId);
    expect((await get(`/api/user/orders?organizationId=${other.id}`, erin)).json().total).toBe(0);

    const second = (await get('/api/user/orders?limit=1&offset=1', erin)).json();
    expect(second).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(second.items.map((item: { id: number }) => item.id)).toEqual([paid.id]);
    const tooMany = await get('/api/user/orders?limit=101', erin);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe('VALIDATION_ERROR');
  });

  it('never shows a customer a cost, another document’s cost, a server file path or a staff email', async () => {
    const order = await placeOrder(server, { headers: anna.headers, status: 'AWAITING_PAYMENT' });
    const [row] = await server.context.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.cost).toBeGreaterThan(0);
    await server.context.db
      .update(orders)
      .set({
        otherPrice: 500,
        otherCost: 321.5,
        amount: order.amount + 500,
        invoicePdfPath: 'invoices/secret-invoice.pdf',
        actPdfPath: 'acts/secret-act.pdf',
        actSignedPath: 'acts/secret-signed.pdf',
      })
      .where(eq(orders.id, order.id));
    const file = await createFile(server.context, anna.userId, order.id);
    await server.context.db.insert(orderFiles).values({ orderId: order.id, fileId: file.id });
    const [manager] = await server.context.db
      .insert(users)
      .values({ email: 'secret.manager@perevod.local', role: 'MANAGER' })
      .returning();
    await server.context.db.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: 'NEW',
      status: 'AWAITING_PAYMENT',
      comment: 'Проверено',
      actorUserId: manager?.id,
      actorEmail: 'secret.manager@perevod.local',
      actorRole: 'MANAGER',
    });
    await server.context.db.insert(invoices).values({
      orderId: order.id,
      kind: 'INVOICE',
      number: `СЧ-${order.number}`,
      amount: order.amount + 500,
      fileId: file.id,
    });

    const list = await get('/api/user/orders', anna);
    const detail = await get(`/api/user/orders/${order.id}`, anna);
    expect(detail.statusCode).toBe(200);
    for (const answer of [list, detail]) {
      const keys = [...keysOf(answer.json())];
      expect(keys.filter((key) => /cost|path|storage|actor|userId|partnerId/i.test(key))).toEqual([]);
      for (const secret of ['secret', 'perevod.local', String(row?.cost), '321.5', 'test/'])
        expect(answer.body).not.toContain(secret);
    }
    const { order: shown, history } = detail.json();
    // What the customer does see: the price and how it adds up, and where to download.
    expect(shown).toMatchObject({
      amount: order.amount + 500,
      otherPrice: 500,
      subtotal: row?.subtotal,
      deliveryPrice: 250,
      deliveryName: expect.any(String),
      files: [{ id: file.id, url: `/api/files/${file.id}` }],
      invoices: [{ kind: 'INVOICE', pdfUrl: `/api/files/${file.id}`, status: 'ISSUED' }],
      actSigned: true,
      actions: { canPay: true, canCancel: true, canRepeat: true, canAddFiles: true, canChange: true },
      nextStep: { kind: 'PAY', title: 'Оплатите заказ' },
    });
    expect(shown.nextStep.description).toBe(`К оплате ${formatRubles(order.amount + 500)} картой онлайн.`);
    expect(history).toEqual([
      expect.objectContaining({ status: 'NEW', statusLabel: 'Новый', byCustomer: true, fromStatus: null }),
      expect.objectContaining({ status: 'AWAITING_PAYMENT', byCustomer: false, comment: 'Проверено' }),
    ]);
  });

  it('tells the customer where to pick the order up, and a company to send the signed act', async () => {
    const atPoint = await placeOrder(server, { headers: anna.headers, status: 'AT_PICKUP_POINT' });
    const card = (await get(`/api/user/orders/${atPoint.id}`, anna)).json();
    expect(card.order.place).toMatchObject({
      kind: 'PICKUP_POINT',
      id: 1,
      name: 'Пункт выдачи «Тверская»',
      howToFind: 'Вход со двора, второй подъезд.',
    });
    expect(card.order.nextStep).toMatchObject({ kind: 'PICK_UP', title: 'Заберите заказ', place: { id: 1 } });
    expect(card.order.nextStep.description).toContain(card.order.place.address);
    expect(card.order.actions).toEqual({
      canPay: false,
      canCancel: false,
      canRepeat: true,
      canAddFiles: false,
      canChange: false,
    });

    const atOffice = await placeOrder(server, {
      headers: anna.headers,
      changes: { deliveryType: 'OFFICE', deliveryId: 1, pickupPointId: null },
      status: 'READY',
    });
    const office = (await get(`/api/user/orders/${atOffice.id}`, anna)).json().order;
    expect(office.nextStep).toMatchObject({ kind: 'PICK_UP', place: { kind: 'OFFICE', howToFind: null } });

    const company = await placeOrder(server, {
      headers: anna.headers,
      changes: { payerType: 'LEGAL', organizationInn: '7707083893', organizationName: 'ООО «Ромашка»' },
      status: 'AWAITING_PAYMENT',
    });
    const awaiting = (await get(`/api/user/orders/${company.id}`, anna)).json().order;
    expect(awaiting.nextStep.kind).toBe('PAY_INVOICE');
    expect(awaiting.nextStep.description).toMatch(/^Сформируйте счёт/);
    expect(awaiting.actions.canPay).toBe(false);
    // Once the invoice exists the step says to pay that one; once paid, nothing is left to do.
    const post = (action: string) =>
      server.app.inject({
        method: 'POST',
        url: `/api/user/orders/${company.id}/${action}`,
        headers: anna.headers,
      });
    const issued = (await post('generate-invoice')).json();
    expect(issued.order.nextStep.description).toBe(
      `Оплатите счёт ${issued.invoice.number} на ${formatRubles(company.amount)} и нажмите «Я оплатил счёт».`,
    );
    expect((await post('confirm-invoice-payment')).statusCode).toBe(200);
    expect((await get(`/api/user/orders/${company.id}`, anna)).json().order.nextStep).toBeNull();
    await setStatus(server, company.id, 'COMPLETED');
    const done = (await get('/api/user/orders?status=COMPLETED', anna)).json().items;
    expect(done.find((item: { id: number }) => item.id === company.id).nextStep).toMatchObject({
      kind: 'SEND_SIGNED_ACT',
      title: 'Отправьте подписанный акт',
    });
  });
});
