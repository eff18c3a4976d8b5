/**
 * Two servers on one database and one S3 bucket, each with a data folder of its own, as two
 * processes on two machines behind a load balancer: a file uploaded through one downloads
 * through the other with the same bytes and headers and to the same people only; a PDF made by
 * one is served by the other; a pickup point's photo added through one is public through the
 * other and gone from the bucket once removed; a signed act sent through one downloads through
 * the other; the cleanup run by either removes the object.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../db/schema';
import { removeUnattachedFiles, UNATTACHED_FILE_TTL_MS } from '../services/documents/file-cleanup';
import { download, orderWithAct, placeOrder } from '../test-support/company-order';
import { multipartForm } from '../test-support/multipart-form';
import { phonePhoto } from '../test-support/photos';
import { type LocalS3, startLocalS3 } from '../test-support/s3-server';
import { type SignedInTestUser, signInAs } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';

const BUCKET = 'perevod-shared';

let s3: LocalS3;
let first: TestServer;
let second: TestServer;
let customer: SignedInTestUser;

beforeAll(async () => {
  s3 = await startLocalS3([BUCKET]);
  first = await startTestServer({ env: s3.env(BUCKET) });
  second = await startTestServer({ env: s3.env(BUCKET), database: first.context.database });
  customer = await signInAs(first.context, 'USER');
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await s3?.close();
});

/** A PDF of `size` bytes: the header file-type reads, then noise. */
const pdfOf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size - 9)]);

async function upload(server: TestServer, content: Buffer, name: string) {
  const body = multipartForm([{ name, content, type: 'application/pdf' }]);
  const answer = await server.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: body.payload,
    headers: { ...body.headers, ...customer.headers },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().files[0] as { id: string; url: string };
}

/** What a server keeps of stored files on its own disk: nothing but the incoming parts' folder. */
function localFiles(server: TestServer): string[] {
  try {
    return readdirSync(join(server.context.config.dataDir, 'files'), { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
}

describe('two servers sharing one S3 bucket', () => {
  it('serve a file uploaded through one from the other: same bytes, same headers, same people', async () => {
    const bytes = pdfOf(300_000);
    const file = await upload(first, bytes, 'Паспорт скан.pdf');
    const [row] = await first.context.db.select().from(files).where(eq(files.id, file.id));
    expect(await second.context.storage.exists(row?.storagePath ?? '')).toBe(true);
    expect(localFiles(first)).toEqual(['incoming']);
    expect(localFiles(second)).toEqual([]);

    const answer = await download(second, file.url, customer.headers);
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.equals(bytes)).toBe(true);
    expect(answer.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(bytes.length),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    const disposition = String(answer.headers['content-disposition']);
    expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1] ?? '')).toBe('Паспорт скан.pdf');

    const stranger = await signInAs(second.context, 'USER');
    for (const headers of [stranger.headers, {}]) {
      const refused = await download(second, file.url, headers);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ code: 'NOT_FOUND', message: 'Файл не найден' });
    }
  });

  it('carry 10 MB through the bucket: uploaded to one, downloaded from the other', async () => {
    const bytes = pdfOf(10 * 1024 * 1024);
    let started = performance.now();
    const file = await upload(first, bytes, 'big.pdf');
    const uploadMs = performance.now() - started;
    started = performance.now();
    const answer = await download(second, file.url, customer.headers);
    const downloadMs = performance.now() - started;
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.equals(bytes)).toBe(true);
    console.log(
      `10 MB through two servers and s3rver: upload ${Math.round(uploadMs)} ms, download ${Math.round(downloadMs)} ms`,
    );
  });

  it('serve an invoice PDF made by one from the other', async () => {
    const order = await placeOrder(second, customer);
    const issued = await second.app.inject({
      method: 'POST',
      url: `/api/user/orders/${order.id}/generate-invoice`,
      headers: customer.headers,
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const answer = await download(first, issued.json().invoice.pdfUrl, customer.headers);
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(localFiles(second)).toEqual([]);
  });

  it('serve a point photo added through one to anyone from the other, and both forget it once removed', async () => {
    const admin = await signInAs(first.context, 'ADMIN');
    const call = (server: TestServer, method: 'POST' | 'DELETE', url: string, payload?: object) =>
      server.app.inject({ method, url, headers: admin.headers, ...(payload && { payload }) });
    const created = await call(first, 'POST', '/api/point', {
      name: 'Пункт с фасадом',
      schedule: 'Пн–Пт 10:00–20:00',
      address: 'Москва, ул. Лесная, 5',
      lat: 55.78,
      lon: 37.59,
      partnerId: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    const pointId = created.json().id as number;
    // A real photo: the server draws it again from its pixels before storing it.
    const jpeg = phonePhoto();
    const body = multipartForm([{ field: 'photo', name: 'facade.jpg', content: jpeg, type: 'image/jpeg' }]);
    const added = await first.app.inject({
      method: 'POST',
      url: `/api/point/photo/${pointId}`,
      payload: body.payload,
      headers: { ...body.headers, ...admin.headers },
    });
    expect(added.statusCode, added.body).toBe(200);
    const [url] = added.json().photos as string[];
    const fileId = url?.split('/').pop() ?? '';
    const [row] = await first.context.db.select().from(files).where(eq(files.id, fileId));
    expect(localFiles(first)).toEqual(['incoming']);

    // Public for the order form: no session needed, from the server that did not store it.
    const shown = await second.app.inject({ url: url ?? '' });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/jpeg');
    // The stored picture, as the first server wrote it: a JPEG of the row's size.
    expect(shown.rawPayload.length).toBe(row?.size);
    expect([...shown.rawPayload.subarray(0, 2)]).toEqual([0xff, 0xd8]);

    const removed = await call(second, 'DELETE', `/api/point/photo/${pointId}?fileId=${fileId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().photos).toEqual([]);
    expect(await first.context.storage.exists(row?.storagePath ?? '')).toBe(false);
    expect((await first.app.inject({ url: url ?? '' })).statusCode).toBe(404);
  });

  it('serve a signed act sent through one from the other, and the newer scan once it is sent again', async () => {
    const order = await orderWithAct(second, customer, first);
    const sendAct = async (content: Buffer) => {
      const body = multipartForm([{ field: 'file', name: 'Акт подписан.pdf', content }]);
      const answer = await first.app.inject({
        method: 'POST',
        url: `/api/order/${order.id}/act-signed`,
        payload: body.payload,
        headers: { ...body.headers, ...customer.headers },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().signedUrl as string;
    };
    const scan = pdfOf(5000);
    const url = await sendAct(scan);
    const back = await download(second, url, customer.headers);
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(scan)).toBe(true);

    const newer = pdfOf(6000);
    const newerUrl = await sendAct(newer);
    const again = await download(second, newerUrl, customer.headers);
    expect(again.rawPayload.equals(newer)).toBe(true);
    expect(localFiles(second)).toEqual([]);
  });

  it('answer 404 for a row whose object is gone from the bucket', async () => {
    const file = await upload(first, pdfOf(1000), 'gone.pdf');
    const [row] = await first.context.db.select().from(files).where(eq(files.id, file.id));
    await first.context.storage.remove(row?.storagePath ?? '');
    expect((await download(second, file.url, customer.headers)).statusCode).toBe(404);
  });

  it('lose abandoned uploads from the bucket when either runs the cleanup', async () => {
    const anonymous = multipartForm([{ name: 'abandoned.pdf', content: pdfOf(2000) }]);
    const answer = await first.app.inject({
      method: 'POST',
      url: '/api/upload/public',
      payload: anonymous.payload,
      headers: anonymous.headers,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const id = answer.json().files[0].id as string;
    const [row] = await first.context.db.select().from(files).where(eq(files.id, id));
    const key = row?.storagePath ?? '';
    expect(await first.context.storage.exists(key)).toBe(true);
    const later = new Date(Date.now() + UNATTACHED_FILE_TTL_MS + 60_000);
    const result = await removeUnattachedFiles(second.context, later);
    expect(result.removedFiles).toBeGreaterThanOrEqual(1);
    expect(await first.context.storage.exists(key)).toBe(false);
  });
});
