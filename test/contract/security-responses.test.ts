/**
 * The contract says what a refusal looks like wherever one can happen: every operation that needs
 * a token declares 401, every operation limited to some roles declares 403, both in the Error
 * schema — so the client's types know them. Only refresh takes an expired token.
 */
import { describe, expect, it } from 'vitest';
import { accessFromSecurity } from '../../server/http/authorize';
import { listOperations, loadContract } from '../../server/http/contract';
import { resolveRef } from './requests';

const contract = loadContract();
const operations = listOperations(contract);

function errorSchemaOf(response: unknown): unknown {
  const resolved = resolveRef(contract, response) as { content?: Record<string, { schema?: unknown }> };
  return resolved?.content?.['application/json']?.schema;
}

describe('refusals in the contract', () => {
  it('declares 401 in the Error schema on every operation that needs a token', () => {
    const missing = operations
      .filter((op) => !accessFromSecurity(op.security, op.operationId).allowsAnonymous)
      .filter(
        (op) =>
          (errorSchemaOf(op.operation.responses?.['401']) as { $ref?: string })?.$ref !==
          '#/components/schemas/Error',
      )
      .map((op) => op.operationId);
    expect(missing).toEqual([]);
  });

  it('declares 403 in the Error schema on every operation limited to some roles', () => {
    const missing = operations
      .filter((op) => accessFromSecurity(op.security, op.operationId).roles !== 'any')
      .filter((op) => !accessFromSecurity(op.security, op.operationId).isPublic)
      .filter(
        (op) =>
          (errorSchemaOf(op.operation.responses?.['403']) as { $ref?: string })?.$ref !==
          '#/components/schemas/Error',
      )
      .map((op) => op.operationId);
    expect(missing).toEqual([]);
  });

  it('lets only refresh and logout take an expired token', () => {
    const accepting = operations.filter((op) => op.operation['x-accepts-expired-token'] === true);
    expect(accepting.map((op) => op.operationId).sort()).toEqual(['authLogout', 'authRefresh']);
  });
});
