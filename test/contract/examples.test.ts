/**
 * Every example in openapi.yaml is valid against its own schema (JSON Schema 2020-12, formats
 * checked) and carries no property the schema does not declare: the examples are what the
 * client's authors read, and the request examples are sent to the server by another test.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { listOperations, loadContract, type OpenApiDocument } from '../../server/http/contract';

type Json = Record<string, unknown>;
const contract = loadContract();

/** Replaces every local $ref by a copy of its target (the contract has no recursive schemas). */
function resolve(node: unknown, document: OpenApiDocument, seen: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((item) => resolve(item, document, seen));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as Json).$ref;
  if (typeof ref === 'string') {
    if (seen.includes(ref)) throw new Error(`recursive $ref ${ref}`);
    const target = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, key) => (at as Json)[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
    return resolve(target, document, [...seen, ref]);
  }
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, resolve(value, document, seen)]),
  );
}

/**
 * Closes every object schema that does not say otherwise, so an example with an undeclared
 * property fails. allOf members stay open (their siblings declare the rest); the allOf itself
 * is closed with unevaluatedProperties, which sees the properties of all members.
 */
function closeObjects(schema: unknown, insideAllOf = false): unknown {
  if (Array.isArray(schema)) return schema.map((item) => closeObjects(item, insideAllOf));
  if (!schema || typeof schema !== 'object') return schema;
  const node = schema as Json;
  const result: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'example' || key === 'examples') result[key] = value;
    else if (key === 'allOf') result[key] = (value as unknown[]).map((member) => closeObjects(member, true));
    else if (key === 'properties' && value && typeof value === 'object') {
      result[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, closeObjects(sub)]));
    } else result[key] = closeObjects(value);
  }
  const declaresShape = 'properties' in node || 'allOf' in node;
  const saysOtherwise = 'additionalProperties' in node || 'unevaluatedProperties' in node;
  if (declaresShape && !saysOtherwise && !insideAllOf) result.unevaluatedProperties = false;
  return result;
}

interface ExampleCase {
  where: string;
  schema: unknown;
  example: unknown;
}

function mediaExamples(where: string, content: Json | undefined): ExampleCase[] {
  const cases: ExampleCase[] = [];
  for (const [type, media] of Object.entries(content ?? {})) {
    const { schema, example, examples } = media as Json;
    if (!schema) continue;
    if (example !== undefined) cases.push({ where: `${where} ${type}`, schema, example });
    for (const [name, item] of Object.entries((examples ?? {}) as Json)) {
      cases.push({ where: `${where} ${type} (${name})`, schema, example: (item as Json).value });
    }
  }
  return cases;
}

function collectExamples(): ExampleCase[] {
  const cases: ExampleCase[] = [];
  for (const op of listOperations(contract)) {
    const operation = resolve(op.operation, contract) as Json;
    const name = `${op.operationId}`;
    const body = operation.requestBody as Json | undefined;
    cases.push(...mediaExamples(`${name} request`, body?.content as Json));
    for (const [status, response] of Object.entries((operation.responses ?? {}) as Json)) {
      cases.push(...mediaExamples(`${name} ${status}`, (response as Json).content as Json));
    }
    for (const parameter of (operation.parameters ?? []) as Json[]) {
      if (parameter.example !== undefined) {
        cases.push({
          where: `${name} parameter ${parameter.name}`,
          schema: parameter.schema,
          example: parameter.example,
        });
      }
    }
  }
  for (const [name, schema] of Object.entries((contract.components?.schemas ?? {}) as Json)) {
    const resolved = resolve(schema, contract) as Json;
    if (resolved.example !== undefined)
      cases.push({ where: `schema ${name}`, schema: resolved, example: resolved.example });
  }
  return cases;
}

const ajv = new Ajv2020({ strict: true, strictTypes: false, allErrors: true });
addFormats(ajv);
ajv.addVocabulary(['example', 'xml', 'externalDocs', 'discriminator']);
ajv.addFormat('binary', true);

const cases = collectExamples();

describe('openapi.yaml examples', () => {
  it('has examples for every request body and success answer it describes', () => {
    expect(cases.length).toBeGreaterThan(100);
  });

  it('would catch an example with a property its schema does not declare', () => {
    const office = resolve({ $ref: '#/components/schemas/Office' }, contract);
    const update = resolve(
      contract.paths['/api/office'].put.requestBody.content['application/json'].schema,
      contract,
    );
    const example = {
      id: 1,
      name: 'Офис',
      address: 'Москва',
      schedule: 'Пн–Пт',
      lat: 55,
      lon: 37,
      isActive: true,
    };
    expect(ajv.validate(closeObjects(office) as Json, { ...example, phone: null, email: null })).toBe(true);
    expect(
      ajv.validate(closeObjects(office) as Json, { ...example, phone: null, email: null, floor: 2 }),
    ).toBe(false);
    expect(ajv.validate(closeObjects(update) as Json, example)).toBe(true);
    expect(ajv.validate(closeObjects(update) as Json, { ...example, floor: 2 })).toBe(false);
  });

  it.each(cases.map((c) => [c.where, c] as const))('%s is valid against its schema', (_where, c) => {
    const validate = ajv.compile(closeObjects(c.schema) as Json);
    const valid = validate(c.example);
    expect(valid, JSON.stringify(validate.errors, null, 2)).toBe(true);
  });
});
