/** GET /api/files/{id}: files reach their customer and the staff, and nobody else. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../http/contract';
import { contentDisposition } from '../../http/file-answer';
import { PHOTO_TYPES } from '../../services/catalogue/point-photos';
import { DOCUMENT_TYPES } from '../../services/documents/uploads';
import { download, placeOrder } from '../../test-support/company-order';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let server: TestServer;
let customer: SignedInTestUser;
let invoiceUrl: string;
let documentUrl: string;
beforeAll(async () => {
  server = await startTestServer();
  customer = await signInAs(server.context, 'USER');
  const order = await placeOrder(server, customer);
  const issued = await server.app.inject({
    method: 'POST',
    url: `/api/user/orders/${order.id}/generate-invoice`,
    headers: customer.headers,
  });
  invoiceUrl = issued.json().invoice.pdfUrl;
  const boundary = '----perevod-download-test';
  const uploaded = await server.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...customer.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="Паспорт скан.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  documentUrl = uploaded.json().files[0].url;
});
afterAll(() => server?.close());

describe('downloading an invoice', () => {
  it('gives its customer the PDF as an attachment with its Russian name, never sniffed or cached', async () => {
    const answer = await download(server, invoiceUrl, customer.headers);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const disposition = String(answer.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    const encoded = disposition.split("filename*=UTF-8''")[1] ?? '';
    expect(decodeURIComponent(encoded)).toMatch(/^Счёт СЧ-\d{4}-\d{5}\.pdf$/);
    expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
  });

  it('gives it to ADMIN and MANAGER, and 404 to another customer, a partner and anonymous callers', async () => {
    for (const role of ['ADMIN', 'MANAGER'] as const) {
      const staff = await signInAs(server.context, role);
      expect((await download(server, invoiceUrl, staff.headers)).statusCode, role).toBe(200);
    }
    const stranger = await signInAs(server.context, 'USER');
    const partner = await signInAs(server.context, 'PARTNER', { partnerId: 2 });
    for (const headers of [stranger.headers, partner.headers, {}]) {
      const answer = await download(server, invoiceUrl, headers);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ code: 'NOT_FOUND', message: 'Файл не найден' });
    }
  });

  it('is described by the contract for every type a stored file can have, a GIF photo included', () => {
    const operation = loadContract().paths['/api/files/{id}']?.get as {
      responses: { 200: { content: Record<string, unknown> } };
    };
    const listed = Object.keys(operation.responses[200].content);
    for (const type of [...DOCUMENT_TYPES, ...PHOTO_TYPES, 'application/pdf']) expect(listed).toContain(type);
  });

  it('answers 404, not 400 or 500, for an id that is no file', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000']) {
      expect((await download(server, `/api/files/${id}`, customer.headers)).statusCode).toBe(404);
    }
    expect((await download(server, '/api/files/not-a-uuid', customer.headers)).statusCode).toBe(400);
  });
});

describe('downloading an uploaded order document', () => {
  it('follows the same rules: its owner and staff, nobody else', async () => {
    const own = await download(server, documentUrl, customer.headers);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PDF)).toBe(true);
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    const admin = await signInAs(server.context, 'ADMIN');
    expect((await download(server, documentUrl, admin.headers)).statusCode).toBe(200);
    const stranger = await signInAs(server.context, 'USER');
    expect((await download(server, documentUrl, stranger.headers)).statusCode).toBe(404);
    expect((await download(server, documentUrl)).statusCode).toBe(404);
  });
});

describe('Content-Disposition', () => {
  it('keeps quotes and non-ASCII out of the fallback name and percent-encodes the real one', () => {
    expect(contentDisposition('Акт "1".pdf')).toBe(
      `attachment; filename="___ _1_.pdf"; filename*=UTF-8''%D0%90%D0%BA%D1%82%20%221%22.pdf`,
    );
    expect(contentDisposition("it's (1).png")).toBe(
      `attachment; filename="it's (1).png"; filename*=UTF-8''it%27s%20%281%29.png`,
    );
  });
});
