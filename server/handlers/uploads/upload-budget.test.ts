/**
 * The byte budget of uploads without signing in: per client address per hour, taken before a
 * byte is stored, so many requests of many big files cannot fill the disk from one address.
 * A 1 MB budget keeps the test small; a real server has UPLOAD_MB_PER_HOUR_PER_ADDRESS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';

const KB = 1024;
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x20)]);

function form(contents: Buffer[]) {
  const boundary = '----perevod-budget-test';
  const chunks = contents.flatMap((content, index) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="scan-${index}.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    content,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { UPLOAD_MB_PER_HOUR_PER_ADDRESS: '1' },
    uploadLimits: { fileSize: 600 * KB, files: 3, fields: 10, parts: 10 },
  });
});
afterAll(() => server?.close());

const send = (
  contents: Buffer[],
  remoteAddress: string,
  headers: Record<string, string> = {},
  url = '/api/upload/public',
) => {
  const body = form(contents);
  return server.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
    remoteAddress,
  });
};

describe('uploads without signing in', () => {
  it('stop at the byte budget of their address, with 429, Retry-After and a Russian message', async () => {
    expect((await send([pdf(400 * KB), pdf(400 * KB)], '203.0.113.51')).statusCode).toBe(201);
    const refused = await send([pdf(400 * KB)], '203.0.113.51');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(
        /^С этого адреса за час загружено слишком много файлов\. Повторите через/,
      ),
    });
    // A small file still fits in what is left; another address and a signed-in customer are untouched.
    expect((await send([pdf(100 * KB)], '203.0.113.51')).statusCode).toBe(201);
    expect((await send([pdf(400 * KB)], '203.0.113.52')).statusCode).toBe(201);
    const customer = await signInAs(server.context, 'USER');
    expect((await send([pdf(400 * KB)], '203.0.113.51', customer.headers, '/api/upload')).statusCode).toBe(
      201,
    );
  });

  it('count only what was stored: a refused file gives its bytes back', async () => {
    const text = Buffer.alloc(500 * KB, 0x61);
    expect((await send([text], '203.0.113.53')).statusCode).toBe(415);
    expect((await send([pdf(450 * KB), pdf(450 * KB)], '203.0.113.53')).statusCode).toBe(201);
  });
});
