/**
 * Every operation's request example, sent as the contract writes it by a caller the operation
 * lets in, passes validation: never a 400, never a 500. Until an operation is implemented it
 * answers 501; the list of those is printed, so progress on the API is visible in the run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessFromSecurity } from '../../server/http/authorize';
import { type ContractOperation, listOperations, loadContract } from '../../server/http/contract';
import { type SignedInTestUser, signInAs } from '../../server/test-support/sign-in';
import { startTestServer, type TestServer } from '../../server/test-support/test-server';
import type { Role } from '../../src/domain/roles';

type Json = Record<string, unknown>;
const contract = loadContract();
const operations = listOperations(contract);

function resolveRef<T>(node: T): T {
  const ref = (node as Json | undefined)?.$ref;
  if (typeof ref !== 'string') return node;
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>((at, key) => (at as Json)[key], contract) as T;
}

/** A value the parameter's schema accepts, preferring the contract's own example. */
function sampleValue(parameter: Json): string {
  if (parameter.example !== undefined) return String(parameter.example);
  const schema = resolveRef(parameter.schema as Json);
  if (schema.default !== undefined) return String(schema.default);
  if (Array.isArray(schema.enum)) return String(schema.enum[0]);
  if (schema.format === 'uuid') return '0b7c6d1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e';
  if (schema.format === 'date') return '2026-11-01';
  if (schema.format === 'uri') return 'https://fcm.googleapis.com/fcm/send/dGVzdC1lbmRwb2ludA';
  if (schema.type === 'string') return '42';
  return '1';
}

interface PreparedRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** A one-page PDF is enough to get an upload past the multipart parser. */
function multipartBody(field: string): { boundary: string; body: Buffer } {
  const boundary = '----perevod-contract-test';
  const pdf = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';
  const body =
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="scan.pdf"\r\n` +
    `Content-Type: application/pdf\r\n\r\n${pdf}\r\n--${boundary}--\r\n`;
  return { boundary, body: Buffer.from(body) };
}

function prepare(op: ContractOperation, caller: SignedInTestUser | undefined): PreparedRequest {
  const parameters = ((op.operation.parameters ?? []) as Json[]).map((p) => resolveRef(p));
  let url = op.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = { ...caller?.headers };
  for (const parameter of parameters) {
    const value = sampleValue(parameter);
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else if (parameter.in === 'query' && parameter.required) query.set(String(parameter.name), value);
    else if (parameter.in === 'header' && parameter.required)
      headers[String(parameter.name).toLowerCase()] = value;
  }
  if (query.size > 0) url += `?${query}`;
  const prepared: PreparedRequest = {
    method: op.method.toUpperCase() as PreparedRequest['method'],
    url,
    headers,
  };
  const content = op.operation.requestBody?.content as Json | undefined;
  const json = content?.['application/json'] as Json | undefined;
  const multipart = content?.['multipart/form-data'] as Json | undefined;
  if (json) {
    headers['content-type'] = 'application/json';
    prepared.payload = JSON.stringify(json.example);
  } else if (multipart) {
    const schema = resolveRef(multipart.schema as Json);
    const field = Object.keys(schema.properties as Json)[0] as string;
    const { boundary, body } = multipartBody(field);
    headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
    prepared.payload = body;
  }
  return prepared;
}

let server: TestServer;
const callers = new Map<Role, SignedInTestUser>();
const notImplemented: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ['USER', 'ADMIN', 'MANAGER', 'PARTNER'] as const)
    callers.set(role, await signInAs(server.context, role));
});

afterAll(async () => {
  console.log(
    `Operations still answering 501 (${notImplemented.length} of ${operations.length}):\n  ${notImplemented.join('\n  ')}`,
  );
  await server?.close();
});

describe('request examples of openapi.yaml', () => {
  it('every request body in the contract has an example to send', () => {
    const missing = operations
      .filter((op) => op.operation.requestBody?.content?.['application/json'])
      .filter((op) => op.operation.requestBody.content['application/json'].example === undefined)
      .map((op) => op.operationId);
    expect(missing).toEqual([]);
  });

  it.each(operations.map((op) => [`${op.method.toUpperCase()} ${op.path} (${op.operationId})`, op] as const))(
    '%s passes validation',
    async (_name, op) => {
      const access = accessFromSecurity(op.security, op.operationId);
      const role: Role | undefined = access.isPublic
        ? undefined
        : access.roles === 'any'
          ? 'USER'
          : access.roles[0];
      const request = prepare(op, role ? callers.get(role) : undefined);
      const response = await server.app.inject(request);
      const explain = `${request.method} ${request.url} → ${response.statusCode} ${response.body.slice(0, 300)}`;
      expect(response.statusCode, explain).not.toBe(400);
      expect(response.statusCode, explain).not.toBe(403);
      expect([500, 502, 504], explain).not.toContain(response.statusCode);
      if (response.statusCode === 501) notImplemented.push(op.operationId);
    },
  );
});
