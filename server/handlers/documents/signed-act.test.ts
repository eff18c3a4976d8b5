/** POST /api/order/{id}/act-signed: the signed act comes back as a PDF or a scan, checked by content. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, orderStatusHistory, orders } from '../../db/schema';
import { download, orderWithAct, placeOrder } from '../../test-support/company-order';
import { type SignedInTestUser, signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);

let server: TestServer;
let customer: SignedInTestUser;
beforeAll(async () => {
  server = await startTestServer();
  customer = await signInAs(server.context, 'USER');
});
afterAll(() => server?.close());

function sendAct(
  orderId: number,
  user: SignedInTestUser | null,
  name: string,
  content: Buffer,
  field = 'file',
) {
  const boundary = '----perevod-act-test';
  return server.app.inject({
    method: 'POST',
    url: `/api/order/${orderId}/act-signed`,
    headers: { ...(user?.headers ?? {}), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

const signedFiles = (orderId: number) =>
  server.context.db
    .select()
    .from(files)
    .where(and(eq(files.orderId, orderId), eq(files.kind, 'ACT_SIGNED')));

describe('the customer sends the signed act', () => {
  it('marks the act SIGNED, keeps the scan with the order and notes it in the history', async () => {
    const order = await orderWithAct(server, customer);
    const answer = await sendAct(order.id, customer, 'Акт подписан.pdf', PDF);
    expect(answer.statusCode).toBe(200);
    const act = answer.json();
    expect(act).toMatchObject({ kind: 'ACT', status: 'SIGNED', signedAt: expect.any(String) });
    expect(act.signedUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const [row] = await server.context.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.actSignedPath).toBe(act.signedUrl);
    const back = await download(server, act.signedUrl, customer.headers);
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(PDF)).toBe(true);
    const notes = await server.context.db
      .select({ comment: orderStatusHistory.comment, status: orderStatusHistory.status })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id));
    expect(notes).toContainEqual({ comment: `Получен подписанный акт АКТ-${order.number}`, status: 'READY' });
  });

  it('replaces an earlier scan with a new one', async () => {
    const order = await orderWithAct(server, customer);
    const first = (await sendAct(order.id, customer, 'scan.pdf', PDF)).json();
    const second = await sendAct(order.id, customer, 'scan.png', PNG);
    expect(second.statusCode).toBe(200);
    expect(second.json().signedUrl).not.toBe(first.signedUrl);
    expect((await signedFiles(order.id)).map((file) => file.mime)).toEqual(['image/png']);
    expect((await download(server, first.signedUrl, customer.headers)).statusCode).toBe(404);
  });

  it('refuses a program renamed act.pdf (415) and keeps nothing of it', async () => {
    const order = await orderWithAct(server, customer);
    const answer = await sendAct(order.id, customer, 'act.pdf', EXE);
    expect(answer.statusCode).toBe(415);
    expect(answer.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Файл act.pdf имеет недопустимый формат',
    });
    const text = await sendAct(order.id, customer, 'act.pdf', Buffer.from('просто текст, не PDF'));
    expect(text.statusCode).toBe(415);
    expect(await signedFiles(order.id)).toEqual([]);
    expect(readdirSync(join(server.context.config.dataDir, 'files', 'incoming'))).toEqual([]);
  });

  it('needs the act issued first (409) and a company order (422)', async () => {
    const order = await placeOrder(server, customer);
    const early = await sendAct(order.id, customer, 'act.pdf', PDF);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/сначала сформируйте акт/);
    const individual = await placeOrder(server, customer, 'INDIVIDUAL');
    expect((await sendAct(individual.id, customer, 'act.pdf', PDF)).statusCode).toBe(422);
  });

  it('asks for the file in the field named file', async () => {
    const order = await orderWithAct(server, customer);
    const answer = await sendAct(order.id, customer, 'act.pdf', PDF, 'files');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(/в поле file/);
  });
});

describe('who may send a signed act', () => {
  it('is the order’s customer or ADMIN/MANAGER: another customer gets 404, a partner 403, anonymous 401', async () => {
    const order = await orderWithAct(server, customer);
    const stranger = await signInAs(server.context, 'USER');
    expect((await sendAct(order.id, stranger, 'act.pdf', PDF)).statusCode).toBe(404);
    const partner = await signInAs(server.context, 'PARTNER');
    expect((await sendAct(order.id, partner, 'act.pdf', PDF)).statusCode).toBe(403);
    expect((await sendAct(order.id, null, 'act.pdf', PDF)).statusCode).toBe(401);
    const manager = await signInAs(server.context, 'MANAGER');
    const byManager = await sendAct(order.id, manager, 'paper-act.jpg', PNG);
    expect(byManager.statusCode).toBe(200);
    expect((await download(server, byManager.json().signedUrl, customer.headers)).statusCode).toBe(200);
    expect(await signedFiles(order.id)).toHaveLength(1);
  });
});
