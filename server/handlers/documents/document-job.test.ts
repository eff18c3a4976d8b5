/** With the job queue running, PDFs are made by the order-processing worker, not on the request. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents } from '../../db/schema';
import { download, placeOrder } from '../../test-support/company-order';
import { pdfText } from '../../test-support/pdf-text';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let customer: SignedInTestUser;
beforeAll(async () => {
  server = await startTestServer({ jobs: true });
  customer = await signInAs(server.context, 'USER');
});
afterAll(() => server?.close());

async function invoiceOf(orderId: number) {
  const list = await server.app.inject({
    method: 'GET',
    url: '/api/user/invoices',
    headers: customer.headers,
  });
  return list.json().items.find((item: { orderId: number }) => item.orderId === orderId);
}

async function waitUntilReady(orderId: number, timeoutMs = 25_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const invoice = await invoiceOf(orderId);
    if (invoice?.pdfStatus === 'READY') return invoice;
    if (Date.now() > until) throw new Error(`the invoice PDF was not made in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('an invoice PDF made by the queue', () => {
  it('answers 202 «being made» at once, then the worker makes the PDF and the list shows it ready', async () => {
    const order = await placeOrder(server, customer);
    const started = Date.now();
    const answer = await server.app.inject({
      method: 'POST',
      url: `/api/user/orders/${order.id}/generate-invoice`,
      headers: customer.headers,
    });
    expect(answer.statusCode).toBe(202);
    expect(answer.json().invoice).toMatchObject({ pdfStatus: 'MAKING', pdfUrl: null, status: 'ISSUED' });
    const again = await server.app.inject({
      method: 'POST',
      url: `/api/user/orders/${order.id}/generate-invoice`,
      headers: customer.headers,
    });
    expect([200, 202]).toContain(again.statusCode);

    const ready = await waitUntilReady(order.id);
    console.info(`invoice PDF ready ${Date.now() - started} ms after the request`);
    const pdf = await download(server, ready.pdfUrl, customer.headers);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain('Четыре тысячи четыреста пятьдесят рублей 00 копеек');
    const made = await server.context.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.eventType, 'invoice-pdf-made')));
    expect(made).toHaveLength(1);
  });
});
