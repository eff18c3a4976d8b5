/**
 * Malformed requests never reach a handler and never cost a 500: every POST/PUT/PATCH of the
 * contract gets garbage bodies from a caller it would otherwise let in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/roles';
import { JSON_BODY_LIMIT } from '../app';
import { signInAs } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { accessFromSecurity } from './authorize';
import { type ContractOperation, listOperations, loadContract } from './contract';

const operations = listOperations(loadContract());
const withBody = operations.filter((op) => ['post', 'put', 'patch'].includes(op.method));
const isUpload = (op: ContractOperation) =>
  Boolean(op.operation.requestBody?.content?.['multipart/form-data']);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/**
 * A new caller the operation lets in, so the request reaches validation — new each time, as a
 * body-less sign-out would end a shared caller's session for every request after it.
 */
async function headersFor(op: ContractOperation): Promise<Record<string, string>> {
  const access = accessFromSecurity(op.security, op.operationId);
  if (access.isPublic) return {};
  const role: Role = access.roles === 'any' ? 'USER' : (access.roles[0] as Role);
  return { ...(await signInAs(server.context, role)).headers, 'idempotency-key': 'fuzz-key-0001' };
}

/** Path parameters filled with valid values, so only the body is wrong. */
function urlFor(op: ContractOperation): string {
  return op.path.replace('{courier}', 'cdek').replace(/\{[^}]+\}/g, '1');
}

const GARBAGE: unknown[] = [
  null,
  [],
  [1, 2, 3],
  'строка',
  2 ** 70,
  -1,
  true,
  { id: 'x', amount: 'много', status: 'LOST', email: 42 },
  { id: 1e308, price: -5, isActive: 'yes' },
  { nested: { deeper: [{ deepest: null }] } },
];

describe('garbage bodies', () => {
  it.each(withBody.filter((op) => !isUpload(op)).map((op) => [op.operationId, op] as const))(
    '%s answers 400 in the error schema, never a 500',
    async (_id, op) => {
      for (const payload of GARBAGE) {
        const response = await server.app.inject({
          method: op.method.toUpperCase() as 'POST',
          url: urlFor(op),
          headers: { ...(await headersFor(op)), 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        // An operation without a request body ignores one: it answers as it would without it
        // (a path parameter filled with 1 may be wrong for its format, 400; the test server runs
        // no job queue, so the monitor's job actions answer 503).
        const allowed = op.operation.requestBody ? [400] : [200, 201, 204, 400, 404, 409, 503];
        expect(allowed, `${op.operationId} with ${JSON.stringify(payload)}: ${response.body}`).toContain(
          response.statusCode,
        );
        if (response.statusCode < 300) continue;
        const body = response.json();
        expect(typeof body.code).toBe('string');
        expect(typeof body.message).toBe('string');
      }
    },
  );

  it('upload operations never answer 500 to a JSON body', async () => {
    for (const op of withBody.filter(isUpload)) {
      const response = await server.app.inject({
        method: 'POST',
        url: urlFor(op),
        headers: await headersFor(op),
        payload: { files: 'not a file' },
      });
      expect(response.statusCode, op.operationId).toBeLessThan(502);
      expect(response.statusCode, op.operationId).not.toBe(500);
    }
  });
});

describe('malformed requests', () => {
  const post = (payload: string, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'POST',
      url: '/api/form-settings/promocode/validate',
      headers: { 'content-type': 'application/json', ...headers },
      payload,
    });

  it('answers 400 with a Russian message and the failing path to a body breaking the schema', async () => {
    const response = await post(JSON.stringify({ code: 7 }));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.message).toBe('Поле «Промокод»: ожидается текст');
    expect(body.details[0]).toMatchObject({
      path: '/body/code',
      message: 'Поле «Промокод»: ожидается текст',
    });
  });

  it('answers 400 to broken JSON and to no body at all', async () => {
    expect((await post('{"code": ')).statusCode).toBe(400);
    const empty = await server.app.inject({ method: 'POST', url: '/api/form-settings/promocode/validate' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('VALIDATION_ERROR');
  });

  it('answers 415 to a body that is not JSON', async () => {
    for (const type of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x']) {
      const response = await post('code=WELCOME10', { 'content-type': type });
      expect(response.statusCode, type).toBe(415);
      expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('answers 413 to a body over the limit', async () => {
    const response = await post(JSON.stringify({ code: 'x'.repeat(JSON_BODY_LIMIT) }));
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 400 to path and query values of the wrong type', async () => {
    const admin = (await signInAs(server.context, 'ADMIN')).headers;
    for (const url of [
      '/api/office/0',
      '/api/office/99999999999',
      '/api/office/1.5',
      '/api/admin/generate-password?length=x',
    ]) {
      expect((await server.app.inject({ url, headers: admin })).statusCode, url).toBe(400);
    }
  });

  it('answers an unknown /api path with a JSON 404, never the app page', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/order/nothing'],
      ['DELETE', '/api'],
    ] as const) {
      const response = await server.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Не найдено' });
    }
  });
});
