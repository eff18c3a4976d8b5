/**
 * Every operation's request example, sent as the contract writes it by a caller the operation
 * lets in, passes validation: never a 400, never a 500. Until an operation is implemented it
 * answers 501; the list of those is printed, so progress on the API is visible in the run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessFromSecurity } from '../../server/http/authorize';
import { listOperations, loadContract } from '../../server/http/contract';
import { signInAs } from '../../server/test-support/sign-in';
import { startTestServer, type TestServer } from '../../server/test-support/test-server';
import type { Role } from '../../src/domain/roles';
import { prepareRequest } from './requests';

const contract = loadContract();
const operations = listOperations(contract);

let server: TestServer;
const notImplemented: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
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
      // A new caller for every request: sign-out, blocking or a role change by one example must
      // not turn the next operations' answers into 401s that say nothing about validation.
      const caller = role ? await signInAs(server.context, role) : undefined;
      const request = prepareRequest(contract, op, { headers: caller?.headers });
      const response = await server.app.inject(request);
      const explain = `${request.method} ${request.url} → ${response.statusCode} ${response.body.slice(0, 300)}`;
      expect(response.statusCode, explain).not.toBe(400);
      expect(response.statusCode, explain).not.toBe(403);
      expect([500, 502, 504], explain).not.toContain(response.statusCode);
      if (response.statusCode === 501) notImplemented.push(op.operationId);
    },
  );
});
