// The gateway decides from operation-security.ts whether to send a token. If it disagreed with
// openapi.yaml, a signed-in customer's order would arrive anonymous, or a token would leak to a
// public endpoint.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import contractText from '../../openapi.yaml?raw';
import {
  OPTIONAL_OPERATIONS,
  type OperationSecurity,
  operationSecurity,
  PUBLIC_OPERATIONS,
} from './operation-security';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const contract = parse(contractText);

function contractSecurity(security: unknown): OperationSecurity {
  const requirements = (security ?? contract.security) as Record<string, string[]>[];
  if (requirements.length === 0) return 'public';
  if (requirements.some((r) => Object.keys(r).length === 0)) return 'optional';
  return 'required';
}

const operations = Object.entries(
  contract.paths as Record<string, Record<string, { security?: unknown }>>,
).flatMap(([path, item]) =>
  METHODS.filter((m) => item[m]).map((m) => ({ method: m.toUpperCase(), path, declared: item[m]?.security })),
);

describe('public operations list matches openapi.yaml', () => {
  it('reads every operation of the contract', () => {
    expect(operations.length).toBeGreaterThan(90);
  });

  it.each(operations)('$method $path', ({ method, path, declared }) => {
    expect(operationSecurity(method, path)).toBe(contractSecurity(declared));
  });
});

describe('no stale entries', () => {
  it('lists only operations that exist in the contract', () => {
    const existing = new Set(operations.map(({ method, path }) => `${method} ${path}`));
    for (const key of [...PUBLIC_OPERATIONS, ...OPTIONAL_OPERATIONS]) expect(existing).toContain(key);
  });
});
