import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, rateLimits } from '../../db/schema';
import { PUBLIC_UPLOAD_LIMIT } from '../../services/documents/uploads';
import { multipartForm } from '../../test-support/multipart-form';
import { signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

const LIMIT = 64 * 1024;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);

const form = multipartForm;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ uploadLimits: { fileSize: LIMIT, files: 3, fields: 10, parts: 10 } });
});
afterAll(() => server?.close());

const upload = (
  body: ReturnType<typeof form>,
  url = '/api/upload/public',
  headers: Record<string, string> = {},
) =>
  server.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...headers } });

const leftovers = () => readdirSync(join(server.context.config.dataDir, 'files', 'incoming'));

describe('uploading order documents from the form', () => {
  it('stores several files and tells their type from their content, not their name', async () => {
    const response = await upload(
      form([
        { name: 'passport.pdf', content: PDF, type: 'application/pdf' },
        { name: 'diploma.jpg', content: PNG, type: 'image/jpeg' },
      ]),
    );
    expect(response.statusCode).toBe(201);
    const stored = response.json().files;
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({ name: 'passport.pdf', size: PDF.length, type: 'application/pdf' });
    expect(stored[1]).toMatchObject({ name: 'diploma.jpg', type: 'image/png' });
    expect(stored[1].url).toBe(`/api/files/${stored[1].id}`);
    const [row] = await server.context.db.select().from(files).where(eq(files.id, stored[0].id));
    expect(row).toMatchObject({ kind: 'ORDER_DOCUMENT', ownerUserId: null, isPublic: false });
  });

  it('refuses the whole request with 415 when one file is not a document, keeping nothing', async () => {
    const response = await upload(
      form([
        { name: 'passport.pdf', content: PDF },
        { name: 'virus.exe', content: EXE },
      ]),
    );
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Файл virus.exe имеет недопустимый формат',
    });
    expect(leftovers()).toEqual([]);
  });

  it('answers 413 to a file over the size limit and to too many files', async () => {
    const big = await upload(
      form([{ name: 'scan.pdf', content: Buffer.concat([PDF, Buffer.alloc(LIMIT)]) }]),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Файл scan.pdf превышает максимальный размер 0.06MB');
    const many = await upload(form([1, 2, 3, 4].map((n) => ({ name: `page-${n}.pdf`, content: PDF }))));
    expect(many.statusCode).toBe(413);
    expect(leftovers()).toEqual([]);
  });

  it('answers 400 to a form without files', async () => {
    expect((await upload(form([]))).statusCode).toBe(400);
    expect((await upload(form([{ field: 'other', name: 'a.pdf', content: PDF }]))).statusCode).toBe(400);
  });
});

describe('uploading in the cabinet', () => {
  it('needs a sign-in and makes the files the customer’s own', async () => {
    expect((await upload(form([{ name: 'a.pdf', content: PDF }]), '/api/upload')).statusCode).toBe(401);
    const customer = await signInAs(server.context, 'USER');
    const response = await upload(form([{ name: 'a.pdf', content: PDF }]), '/api/upload', customer.headers);
    expect(response.statusCode).toBe(201);
    const [row] = await server.context.db
      .select()
      .from(files)
      .where(eq(files.id, response.json().files[0].id));
    expect(row?.ownerUserId).toBe(customer.userId);
  });
});

describe('upload hardening', () => {
  it('keeps stored files private to the server user (0600 in 0700 folders)', async () => {
    const response = await upload(form([{ name: 'a.pdf', content: PDF }]));
    const [row] = await server.context.db
      .select()
      .from(files)
      .where(eq(files.id, response.json().files[0].id));
    const path = join(server.context.config.dataDir, 'files', row?.storagePath ?? '');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(path, '..')).mode & 0o777).toBe(0o700);
    expect(statSync(join(server.context.config.dataDir, 'files', 'incoming')).mode & 0o777).toBe(0o700);
  });

  it("refuses a text file renamed .pdf with the uploader's message", async () => {
    const response = await upload(
      form([{ name: 'notes.pdf', content: Buffer.from('just text, not a pdf') }]),
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('Файл notes.pdf имеет недопустимый формат');
  });

  it('limits anonymous uploads per address: 429 with Retry-After, the cabinet is not limited', async () => {
    await server.context.db.delete(rateLimits);
    const body = form([{ name: 'a.pdf', content: PDF }]);
    const send = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/upload/public',
        payload: body.payload,
        headers: body.headers,
        remoteAddress: '203.0.113.9',
      });
    for (let n = 0; n < PUBLIC_UPLOAD_LIMIT.limit; n++) expect((await send()).statusCode).toBe(201);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const customer = await signInAs(server.context, 'USER');
    expect((await upload(body, '/api/upload', customer.headers)).statusCode).toBe(201);
  });
});
