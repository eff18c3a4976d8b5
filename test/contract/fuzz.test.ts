/**
 * Contract fuzzing: every operation of openapi.yaml gets inputs generated from its request
 * schemas (json-schema-faker, seeded by fast-check) and its valid example mutated one field at
 * a time (wrong type, missing, unknown, huge numbers, NUL, very long text, odd unicode), sent
 * as a caller the operation lets in. Every answer must be a 2xx the operation documents or a
 * 4xx in the Error schema: never a 5xx, except 501 from an operation the server has no
 * handler for yet, and never a hang. FUZZ_SEED and FUZZ_RUNS repeat or widen a run.
 */
import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import { generateSync, type JsonSchema } from 'json-schema-faker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allHandlers } from '../../server/handlers';
import { accessFromSecurity } from '../../server/http/authorize';
import { type ContractOperation, listOperations, loadContract } from '../../server/http/contract';
import { signInAs } from '../../server/test-support/sign-in';
import { startTelegramStub, type TelegramStub, telegramEnv } from '../../server/test-support/telegram-stub';
import { startTestServer, type TestServer } from '../../server/test-support/test-server';
import type { Role } from '../../src/domain/roles';
import { type PreparedRequest, prepareRequest, resolveRef } from './requests';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/** Per operation: generated inputs, then single-field mutations of the example. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const ANSWER_TIMEOUT_MS = 10_000;

type Json = Record<string, unknown>;
const contract = loadContract();
const operations = listOperations(contract);
const validateError = new Ajv2020({ strict: false }).compile(contract.components.schemas.Error);

let server: TestServer;
let implemented: Set<string>;
const tally = { requests: 0, byStatus: new Map<number, number>() };

let telegram: TelegramStub;

beforeAll(async () => {
  telegram = await startTelegramStub();
  server = await startTestServer({
    // With pg-boss, so the queue and periodic-job operations answer from the queue, not 503.
    jobs: true,
    uploadLimits: { fileSize: 64 * 1024, files: 3, fields: 10, parts: 10 },
    // Configured, so Telegram sign-in checks its input instead of answering 503 NOT_CONFIGURED,
    // and the bot asks a local Bot API (the link to it answers instead of waiting for Telegram).
    env: telegramEnv(telegram),
  });
  // What the server routes to a real handler; every other operation answers 501 by design.
  implemented = new Set(Object.keys(allHandlers(server.context)));
});
afterAll(async () => {
  const statuses = [...tally.byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
  console.info(`fuzz: seed ${SEED}, ${tally.requests} requests; ${statuses.join(' ')}`);
  await server?.close();
  await telegram?.close();
});

async function callerHeaders(op: ContractOperation): Promise<Record<string, string>> {
  const access = accessFromSecurity(op.security, op.operationId);
  if (access.isPublic) return {};
  const role: Role = access.roles === 'any' ? 'USER' : (access.roles[0] as Role);
  return (await signInAs(server.context, role)).headers;
}

const jsonBodySchema = (op: ContractOperation): Json | undefined =>
  op.operation.requestBody?.content?.['application/json']?.schema;

/** Faker sees the contract's components beside the schema, so its $refs resolve. */
function generate(schema: Json, seed: number): unknown {
  const withComponents = { ...schema, components: contract.components } as JsonSchema;
  try {
    return generateSync(withComponents, { seed, alwaysFakeOptionals: seed % 2 === 0 });
  } catch {
    // Faker cannot leave optionals out of a schema with minProperties and no extra properties.
    return generateSync(withComponents, { seed, alwaysFakeOptionals: true });
  }
}

/** A request whose body and parameters all come from the schemas. */
function generatedRequest(op: ContractOperation, headers: Record<string, string>, seed: number) {
  const parameters: Record<string, string | number> = {};
  for (const raw of (op.operation.parameters ?? []) as Json[]) {
    const parameter = resolveRef(contract, raw);
    if (parameter.in === 'header') continue;
    const value = generate(parameter.schema as Json, seed);
    parameters[String(parameter.name)] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  const request = prepareRequest(contract, op, { headers, parameters });
  const schema = jsonBodySchema(op);
  if (schema) request.payload = JSON.stringify(generate(schema, seed));
  return request;
}

const HOSTILE_VALUES: unknown[] = [
  'a\u0000b',
  'я'.repeat(100_000),
  '𝕳\u202eé\u0301\ud83d\ude00\ufeff',
  '',
  1e23,
  2 ** 63,
  -(2 ** 63),
  1.5,
  -1,
  0,
  true,
  null,
  [],
  {},
  { $ne: null },
  ['a\u0000'],
  '../../etc/passwd',
  "' or 1=1 --",
];
const HOSTILE_PARAMETERS = [
  'a\u0000b',
  '1e23',
  '9223372036854775807',
  '-1',
  '0',
  '1.5',
  'x'.repeat(5000),
  '%',
  '𝕳',
  'Infinity',
  '-Infinity',
  'NaN',
  '1e309',
];
/** Texts that are no whole number: each numeric parameter of every operation must answer 400. */
const NOT_A_NUMBER = ['Infinity', '-Infinity', 'NaN', '1e309', ''];

interface Mutation {
  where: 'body' | 'parameter' | 'missing' | 'unknown';
  field: string;
  value: unknown;
}

/** The operation's valid example with one field changed. */
function mutatedRequest(op: ContractOperation, headers: Record<string, string>, mutation: Mutation) {
  if (mutation.where === 'parameter') {
    return prepareRequest(contract, op, {
      headers,
      parameters: { [mutation.field]: String(mutation.value) },
    });
  }
  const request = prepareRequest(contract, op, { headers });
  if (typeof request.payload !== 'string') return request;
  const body = JSON.parse(request.payload) as Json;
  if (mutation.where === 'missing') delete body[mutation.field];
  else body[mutation.field] = mutation.value;
  request.payload = JSON.stringify(body);
  return request;
}

function mutations(op: ContractOperation): fc.Arbitrary<Mutation> {
  const schema = jsonBodySchema(op);
  const properties = Object.keys((resolveRef(contract, schema)?.properties as Json | undefined) ?? {});
  const parameters = ((op.operation.parameters ?? []) as Json[])
    .map((raw) => resolveRef(contract, raw))
    .filter((parameter) => parameter.in !== 'header')
    .map((parameter) => String(parameter.name));
  const options: fc.Arbitrary<Mutation>[] = [];
  if (properties.length > 0) {
    const field = fc.constantFrom(...properties);
    const value = fc.oneof(
      fc.constantFrom(...HOSTILE_VALUES),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.double(),
    );
    options.push(fc.record({ where: fc.constant('body' as const), field, value }));
    options.push(fc.record({ where: fc.constant('missing' as const), field, value: fc.constant(undefined) }));
  }
  if (schema) {
    options.push(
      fc.record({
        where: fc.constant('unknown' as const),
        field: fc.constantFrom('__proto__x', 'extra', 'isAdmin'),
        value: fc.constant(1),
      }),
    );
  }
  if (parameters.length > 0) {
    options.push(
      fc.record({
        where: fc.constant('parameter' as const),
        field: fc.constantFrom(...parameters),
        value: fc.oneof(fc.constantFrom(...HOSTILE_PARAMETERS), fc.string({ maxLength: 30 })),
      }),
    );
  }
  if (options.length === 0) options.push(fc.constant({ where: 'unknown', field: 'none', value: undefined }));
  return fc.oneof(...options);
}

async function send(request: PreparedRequest) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ANSWER_TIMEOUT_MS} ms`)), ANSWER_TIMEOUT_MS);
  });
  try {
    return await Promise.race([server.app.inject(request), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The property every answer holds; the thrown message names the seed and the request. */
async function checkAnswer(op: ContractOperation, request: PreparedRequest): Promise<void> {
  const response = await send(request);
  tally.requests++;
  tally.byStatus.set(response.statusCode, (tally.byStatus.get(response.statusCode) ?? 0) + 1);
  const status = response.statusCode;
  const where = `${op.operationId} (seed ${SEED}): ${request.method} ${request.url.slice(0, 200)} → ${status} ${response.body.slice(0, 300)}`;
  if (status >= 500) {
    const pending =
      status === 501 && !implemented.has(op.operationId) && response.json().code === 'NOT_IMPLEMENTED';
    if (!pending) throw new Error(`5xx from ${where}`);
    return;
  }
  if (status >= 400) {
    const body = response.json() as { message?: unknown };
    if (!validateError(body) || typeof body.message !== 'string' || !/[а-яё]/i.test(body.message))
      throw new Error(`4xx outside the Error schema from ${where}`);
    return;
  }
  const documented = Object.keys(op.operation.responses ?? {});
  if (!documented.includes(String(status))) throw new Error(`undocumented ${status} from ${where}`);
}

/** The path and query parameters of an operation whose schema is a number. */
function numericParameters(op: ContractOperation): Json[] {
  return ((op.operation.parameters ?? []) as Json[])
    .map((raw) => resolveRef(contract, raw))
    .filter((parameter) => parameter.in === 'query' || parameter.in === 'path')
    .filter((parameter) => {
      const type = resolveRef(contract, parameter.schema as Json).type;
      return type === 'integer' || type === 'number';
    });
}
const withNumericParameters = operations.filter((op) => numericParameters(op).length > 0);

describe('numeric parameters', () => {
  it('are all integers with both bounds in the contract', () => {
    const loose = withNumericParameters.flatMap((op) =>
      numericParameters(op)
        .filter((parameter) => {
          const schema = resolveRef(contract, parameter.schema as Json);
          return schema.type !== 'integer' || schema.minimum === undefined || schema.maximum === undefined;
        })
        .map((parameter) => `${op.operationId}: ${String(parameter.name)}`),
    );
    expect(loose).toEqual([]);
  });

  it.each(withNumericParameters.map((op) => [op.operationId, op] as const))(
    '%s: Infinity, NaN, 1e309 and an empty value answer 400, never a 5xx',
    async (_id, op) => {
      const headers = await callerHeaders(op);
      for (const parameter of numericParameters(op)) {
        for (const value of NOT_A_NUMBER) {
          // An empty path segment routes elsewhere (a 404 or another operation): never a 5xx.
          if (parameter.in === 'path' && value === '') continue;
          const request = prepareRequest(contract, op, {
            headers,
            parameters: { [String(parameter.name)]: value },
          });
          const response = await send(request);
          const where = `${op.operationId} ${String(parameter.name)}=${JSON.stringify(value)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
          expect(response.statusCode, where).toBe(400);
          expect(response.json().code, where).toBe('VALIDATION_ERROR');
        }
      }
    },
    60_000,
  );
});

describe('contract fuzzing', () => {
  it.each(operations.map((op) => [op.operationId, op] as const))(
    '%s: generated and mutated inputs never get a 5xx',
    async (_id, op) => {
      const headers = await callerHeaders(op);
      await fc.assert(
        fc.asyncProperty(fc.noShrink(fc.integer({ min: 0, max: 2 ** 31 - 1 })), async (seed) => {
          await checkAnswer(op, generatedRequest(op, headers, seed));
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      await fc.assert(
        fc.asyncProperty(mutations(op), async (mutation) => {
          await checkAnswer(op, mutatedRequest(op, headers, mutation));
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      expect(tally.requests).toBeGreaterThan(0);
    },
    60_000,
  );
});
