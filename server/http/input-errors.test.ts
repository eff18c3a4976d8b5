/**
 * Odd input never costs a 500 and every refusal, from every layer — router, body parser,
 * multipart reader, validation, the socket itself — is the contract's Error schema.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';

let server: TestServer;
let port: number;
beforeAll(async () => {
  server = await startTestServer({ uploadLimits: { fileSize: 1024, files: 2, fields: 5, parts: 5 } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as { port: number }).port;
});
afterAll(() => server?.close());

function expectErrorSchema(body: string, code?: string) {
  const parsed = JSON.parse(body);
  expect(parsed).toEqual(
    expect.objectContaining({ code: expect.any(String), message: expect.stringMatching(/[а-яё]/i) }),
  );
  expect(Object.keys(parsed).every((key) => ['code', 'message', 'details'].includes(key))).toBe(true);
  if (code) expect(parsed.code).toBe(code);
}

/** Sends bytes on a raw socket, as no well-behaved client (inject included) would. */
function rawRequest(text: string | Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body });
    });
    socket.end(text);
  });
}

describe('NUL characters', () => {
  it('are refused with 400 in a public body (sign-in)', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'admin\u0000', password: 'secret' },
    });
    expect(response.statusCode).toBe(400);
    expectErrorSchema(response.body, 'VALIDATION_ERROR');
    expect(response.json().details[0].path).toBe('/body/login');
  });

  it('are refused in a signed-in body, in a query and in a path', async () => {
    const admin = await signInAs(server.context, 'ADMIN');
    const answers = await Promise.all([
      server.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: admin.headers,
        payload: { firstName: 'Ан\u0000на' },
      }),
      server.app.inject({ url: '/api/user/list?search=a%00b', headers: admin.headers }),
      server.app.inject({ url: '/api/order?search=a%00b', headers: admin.headers }),
      server.app.inject({ url: '/api/files/a%00b', headers: admin.headers }),
      server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { 'lo\u0000gin': 'x', password: 'y' },
      }),
    ]);
    for (const response of answers) {
      expect(response.statusCode).toBe(400);
      expectErrorSchema(response.body, 'VALIDATION_ERROR');
    }
  });
});

describe('numbers past any sane bound', () => {
  it.each(['1e23', '9223372036854775807', '1000001', '-1'])('offset=%s answers 400', async (offset) => {
    const admin = await signInAs(server.context, 'ADMIN');
    const response = await server.app.inject({
      url: `/api/user/list?offset=${offset}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(400);
    expectErrorSchema(response.body, 'VALIDATION_ERROR');
  });

  it('limit=1e23 answers 400', async () => {
    const admin = await signInAs(server.context, 'ADMIN');
    const response = await server.app.inject({ url: '/api/user/list?limit=1e23', headers: admin.headers });
    expect(response.statusCode).toBe(400);
  });
});

const BOUNDARY = 'perevod-boundary';
const partHead = (name: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\n` +
  'Content-Type: application/pdf\r\n\r\n';
const PDF = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';

describe('broken uploads', () => {
  const cases: [string, Record<string, string>, string | Buffer, number][] = [
    [
      'multipart without a boundary',
      { 'content-type': 'multipart/form-data' },
      `${partHead('a.pdf')}${PDF}`,
      400,
    ],
    [
      'a body cut mid-part',
      { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      `${partHead('a.pdf')}${PDF}`,
      400,
    ],
    ['a JSON body instead of a form', { 'content-type': 'application/json' }, '{"files":[]}', 415],
    ['a plain-text body', { 'content-type': 'text/plain' }, 'hello', 415],
    [
      'too many files',
      { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      `${[1, 2, 3].map((n) => `${partHead(`${n}.pdf`)}${PDF}\r\n`).join('')}--${BOUNDARY}--\r\n`,
      413,
    ],
    [
      'a file over the limit',
      { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      `${partHead('big.pdf')}${PDF}${'x'.repeat(4096)}\r\n--${BOUNDARY}--\r\n`,
      413,
    ],
    [
      'an empty form',
      { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      `--${BOUNDARY}--\r\n`,
      400,
    ],
  ];
  it.each(cases)('%s answers in the Error schema', async (_name, headers, payload, status) => {
    const response = await server.app.inject({ method: 'POST', url: '/api/upload/public', headers, payload });
    expect(response.statusCode).toBe(status);
    expectErrorSchema(response.body);
  });
});

describe('parser-level errors', () => {
  it.each([
    ['invalid JSON', 'application/json', '{"login":', 400, 'VALIDATION_ERROR'],
    ['an unsupported media type', 'application/xml', '<login/>', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    [
      'a multipart form sent to a JSON operation',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="login"\r\n\r\nadmin\r\n--x--\r\n',
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'a body over the limit',
      'application/json',
      JSON.stringify({ login: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
      413,
      'PAYLOAD_TOO_LARGE',
    ],
  ])('%s answers in the Error schema', async (_name, type, payload, status, code) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': type },
      payload,
    });
    expect(response.statusCode).toBe(status);
    expectErrorSchema(response.body, code);
  });

  it('a bad URL encoding and an unknown API path', async () => {
    const bad = await server.app.inject({ url: '/api/files/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expectErrorSchema(bad.body);
    const missing = await server.app.inject({ url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expectErrorSchema(missing.body, 'NOT_FOUND');
  });

  it('a header block over the limit answers 431 from the socket', async () => {
    const answer = await rawRequest(
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expectErrorSchema(answer.body, 'HEADERS_TOO_LARGE');
  });

  it('a malformed request line and a NUL in a header answer 400 from the socket', async () => {
    for (const text of ['BLAH\r\n\r\n', 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n']) {
      const answer = await rawRequest(text);
      expect(answer.status).toBe(400);
      expectErrorSchema(answer.body, 'VALIDATION_ERROR');
    }
  });
});
