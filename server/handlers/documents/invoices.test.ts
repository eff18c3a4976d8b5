/** Invoices and acts from the cabinet: issued for company orders, drawn as PDFs with Cyrillic text. */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, notifications, orderStatusHistory, orders } from '../../db/schema';
import { localFilesRoot } from '../../storage/local-storage';
import { COMPANY, download, placeOrder, setStatus } from '../../test-support/company-order';
import { pdfFonts, pdfText } from '../../test-support/pdf-text';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let customer: SignedInTestUser;
let stranger: SignedInTestUser;
beforeAll(async () => {
  server = await startTestServer();
  customer = await signInAs(server.context, 'USER');
  stranger = await signInAs(server.context, 'USER');
});
afterAll(() => server?.close());

const post = (url: string, user?: SignedInTestUser) =>
  server.app.inject({ method: 'POST', url, headers: user?.headers ?? {} });

async function pdfOf(url: string, user: SignedInTestUser) {
  const answer = await download(server, url, user.headers);
  expect(answer.statusCode).toBe(200);
  return answer.rawPayload;
}

describe('an invoice for a company order', () => {
  it('is a PDF with both parties, the lines, the total in figures and in words, in Cyrillic', async () => {
    const order = await placeOrder(server, customer);
    const answer = await post(`/api/user/orders/${order.id}/generate-invoice`, customer);
    expect(answer.statusCode).toBe(200);
    const { invoice, order: answeredOrder } = answer.json();
    expect(invoice).toMatchObject({
      orderId: order.id,
      orderNumber: order.number,
      kind: 'INVOICE',
      number: `СЧ-${order.number}`,
      amount: 4450,
      pdfStatus: 'READY',
      status: 'ISSUED',
      paidAt: null,
    });
    expect(invoice.pdfUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    // The customer's view of the order: its documents, and no cost of the bureau.
    expect(answeredOrder.invoices).toEqual([invoice]);
    expect(answeredOrder).not.toHaveProperty('otherCost');
    const [row] = await server.context.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.invoicePdfPath).toBe(invoice.pdfUrl);

    const pdf = await pdfOf(invoice.pdfUrl, customer);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(`Счёт на оплату № СЧ-${order.number}`);
    expect(text).toContain('ООО «Бюро переводов „Слово“»');
    expect(text).toContain('ИНН 7705123452');
    expect(text).toContain('40702810900000012345');
    expect(text).toContain(`${COMPANY.organizationName}, ИНН ${COMPANY.organizationInn}`);
    expect(text).toContain('Перевод документа «Паспорт» (русский → английский)');
    expect(text).toContain('Нотариальное заверение перевода — «Паспорт»');
    expect(text).toContain('Доставка в пункт выдачи');
    expect(text).toContain('4 450,00');
    expect(text).toContain('Четыре тысячи четыреста пятьдесят рублей 00 копеек');
    // Only the embedded DejaVu fonts: pdfkit's default Helvetica would print the Cyrillic as garbage.
    expect(new Set(pdfFonts(pdf))).toEqual(new Set(['DejaVuSans', 'DejaVuSans-Bold']));
    const told = await server.context.db
      .select({ userId: notifications.userId, title: notifications.title, url: notifications.url })
      .from(notifications)
      .where(eq(notifications.orderId, order.id));
    // Beside the «order received» notice the order itself made: exactly one about the invoice.
    expect(told.filter(({ title }) => title.startsWith('Счёт'))).toEqual([
      { userId: customer.userId, title: `Счёт СЧ-${order.number} готов`, url: `/cabinet/orders/${order.id}` },
    ]);
  });

  it('is stored readable by the server alone and issued once however often it is asked for', async () => {
    const order = await placeOrder(server, customer);
    const first = (await post(`/api/user/orders/${order.id}/generate-invoice`, customer)).json().invoice;
    const again = await post(`/api/user/orders/${order.id}/generate-invoice`, customer);
    expect(again.statusCode).toBe(200);
    expect(again.json().invoice).toMatchObject({ id: first.id, pdfUrl: first.pdfUrl });
    const stored = await server.context.db.select().from(files).where(eq(files.orderId, order.id));
    expect(stored.map((file) => file.kind)).toEqual(['INVOICE_PDF']);
    const mode = statSync(
      join(localFilesRoot(server.context.config.dataDir), stored[0]?.storagePath ?? ''),
    ).mode;
    expect(mode & 0o777).toBe(0o600);
  });

  it('is made again for the new amount when a manager revised the price, and the old PDF is gone', async () => {
    const order = await placeOrder(server, customer);
    const first = (await post(`/api/user/orders/${order.id}/generate-invoice`, customer)).json().invoice;
    await server.context.db.update(orders).set({ amount: 5000 }).where(eq(orders.id, order.id));
    const revised = (await post(`/api/user/orders/${order.id}/generate-invoice`, customer)).json().invoice;
    expect(revised).toMatchObject({ id: first.id, amount: 5000, pdfStatus: 'READY' });
    expect(revised.pdfUrl).not.toBe(first.pdfUrl);
    expect((await download(server, first.pdfUrl, customer.headers)).statusCode).toBe(404);
    const text = pdfText(await pdfOf(revised.pdfUrl, customer));
    expect(text).toContain('Пять тысяч рублей 00 копеек');
    expect(text).toContain('Доплата по заказу');
  });

  it('is refused for an individual’s order (422) and a cancelled one (409), in Russian', async () => {
    const individual = await placeOrder(server, customer, 'INDIVIDUAL');
    const refused = await post(`/api/user/orders/${individual.id}/generate-invoice`, customer);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/только для заказов, оплачиваемых организацией/);
    const cancelled = await placeOrder(server, customer);
    await setStatus(server, cancelled.id, 'CANCELLED');
    const conflict = await post(`/api/user/orders/${cancelled.id}/generate-invoice`, customer);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/отменён/) });
  });

  it('cannot be issued for someone else’s order (404) or without signing in (401)', async () => {
    const order = await placeOrder(server, customer);
    expect((await post(`/api/user/orders/${order.id}/generate-invoice`, stranger)).statusCode).toBe(404);
    expect((await post(`/api/user/orders/${order.id}/generate-invoice`)).statusCode).toBe(401);
    expect((await post(`/api/user/orders/${order.id}/generate-act`, stranger)).statusCode).toBe(404);
    expect((await post(`/api/user/orders/${order.id}/confirm-invoice-payment`, stranger)).statusCode).toBe(
      404,
    );
  });
});

describe('an act for a company order', () => {
  it('waits until the translation is ready, then names the company’s signer', async () => {
    const order = await placeOrder(server, customer);
    const early = await post(`/api/user/orders/${order.id}/generate-act`, customer);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/когда перевод будет готов/);

    const saved = await server.app.inject({
      method: 'PUT',
      url: '/api/user/organization',
      headers: customer.headers,
      payload: { inn: COMPANY.organizationInn, name: COMPANY.organizationName, kpp: COMPANY.organizationKpp },
    });
    expect(saved.statusCode).toBe(200);
    const signer = await server.app.inject({
      method: 'PATCH',
      url: `/api/organization/${saved.json().organization.id}/signer`,
      headers: customer.headers,
      payload: { signerName: 'Иванов Иван Иванович', signerPosition: 'Генеральный директор' },
    });
    expect(signer.statusCode).toBe(200);

    await setStatus(server, order.id, 'READY');
    const answer = await post(`/api/user/orders/${order.id}/generate-act`, customer);
    expect(answer.statusCode).toBe(200);
    const { invoice: act, order: answeredOrder } = answer.json();
    expect(act).toMatchObject({
      kind: 'ACT',
      number: `АКТ-${order.number}`,
      status: 'ISSUED',
      signedUrl: null,
    });
    expect(answeredOrder.invoices).toContainEqual(act);
    const [row] = await server.context.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.actPdfPath).toBe(act.pdfUrl);
    const text = pdfText(await pdfOf(act.pdfUrl, customer));
    expect(text).toContain(`Акт № АКТ-${order.number}`);
    expect(text).toContain('выполненных работ (оказанных услуг)');
    expect(text).toContain('Заказчик претензий по объёму, качеству и срокам оказания услуг не имеет');
    expect(text).toContain('/ Иванов И. И. /');
    expect(text).toContain('Четыре тысячи четыреста пятьдесят рублей 00 копеек');
  });
});

describe('the customer reports an invoice paid', () => {
  it('needs an invoice first, then notes the report once and leaves the status to the bureau', async () => {
    const order = await placeOrder(server, customer);
    await setStatus(server, order.id, 'AWAITING_PAYMENT');
    const early = await post(`/api/user/orders/${order.id}/confirm-invoice-payment`, customer);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/сначала сформируйте счёт/);

    await post(`/api/user/orders/${order.id}/generate-invoice`, customer);
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await post(`/api/user/orders/${order.id}/confirm-invoice-payment`, customer);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        message: 'Спасибо! Мы проверим поступление оплаты и сообщим вам.',
        order: { id: order.id, status: 'AWAITING_PAYMENT' },
      });
    }
    const notes = await server.context.db
      .select()
      .from(orderStatusHistory)
      .where(
        and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.status, 'AWAITING_PAYMENT')),
      );
    expect(notes.map((note) => note.comment)).toEqual([`Клиент сообщил об оплате счёта СЧ-${order.number}`]);
    // The administrator (seeded, id 1) is asked to check the bank statement, once.
    const managersTold = await server.context.db
      .select({ title: notifications.title, url: notifications.url })
      .from(notifications)
      .where(and(eq(notifications.orderId, order.id), eq(notifications.userId, 1)));
    expect(managersTold).toEqual([
      { title: `Проверьте оплату по счёту СЧ-${order.number}`, url: `/crm/orders/${order.id}` },
    ]);

    const list = await server.app.inject({
      method: 'GET',
      url: '/api/user/invoices',
      headers: customer.headers,
    });
    expect(list.json().items[0]).toMatchObject({ orderId: order.id, status: 'PAYMENT_CONFIRMED' });
  });

  it('shows the invoice PAID once the bureau marked the order paid', async () => {
    const order = await placeOrder(server, customer);
    await post(`/api/user/orders/${order.id}/generate-invoice`, customer);
    await server.context.db.insert(orderStatusHistory).values({ orderId: order.id, status: 'PAID' });
    await setStatus(server, order.id, 'PAID');
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/user/invoices',
      headers: customer.headers,
    });
    const invoice = list.json().items.find((item: { orderId: number }) => item.orderId === order.id);
    expect(invoice).toMatchObject({ status: 'PAID', paidAt: expect.any(String) });
    const again = await post(`/api/user/orders/${order.id}/confirm-invoice-payment`, customer);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Заказ уже оплачен');
  });
});

describe('/cabinet/invoices', () => {
  it('lists the customer’s own invoices and acts newest first, and nobody else’s', async () => {
    const owner = await signInAs(server.context, 'USER');
    const order = await placeOrder(server, owner);
    await post(`/api/user/orders/${order.id}/generate-invoice`, owner);
    await setStatus(server, order.id, 'COMPLETED');
    await post(`/api/user/orders/${order.id}/generate-act`, owner);
    const mine = await server.app.inject({
      method: 'GET',
      url: '/api/user/invoices',
      headers: owner.headers,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ total: 2, limit: 20, offset: 0 });
    expect(mine.json().items.map((item: { kind: string }) => item.kind)).toEqual(['ACT', 'INVOICE']);
    const theirs = await server.app.inject({
      method: 'GET',
      url: '/api/user/invoices',
      headers: stranger.headers,
    });
    expect(theirs.json().items.filter((item: { orderId: number }) => item.orderId === order.id)).toEqual([]);
    expect((await server.app.inject({ method: 'GET', url: '/api/user/invoices' })).statusCode).toBe(401);
  });
});
