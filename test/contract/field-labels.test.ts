/**
 * Every field and parameter a request of openapi.yaml may carry has a Russian label, so no
 * validation message ever names a field by its property name (server/http/field-labels.ts).
 */
import { describe, expect, it } from 'vitest';
import { listOperations, loadContract, type OpenApiDocument } from '../../server/http/contract';
import { FIELD_LABELS } from '../../server/http/field-labels';

const contract = loadContract();

const resolve = (ref: string): OpenApiDocument =>
  ref
    .slice(2)
    .split('/')
    .reduce<OpenApiDocument>((node, key) => node[key], contract);

/** The property names of a schema and of everything nested in it. */
function propertyNames(schema: OpenApiDocument | undefined, names: Set<string>, seen = new Set<unknown>()) {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
  seen.add(schema);
  if (typeof schema.$ref === 'string') return propertyNames(resolve(schema.$ref), names, seen);
  for (const [name, property] of Object.entries<OpenApiDocument>(schema.properties ?? {})) {
    names.add(name);
    propertyNames(property, names, seen);
  }
  if (typeof schema.items === 'object') propertyNames(schema.items, names, seen);
  for (const key of ['oneOf', 'anyOf', 'allOf'])
    for (const part of schema[key] ?? []) propertyNames(part, names, seen);
}

describe('field labels', () => {
  it('name every request field and parameter of the contract in Russian', () => {
    const names = new Set<string>();
    for (const { operation } of listOperations(contract)) {
      for (const parameter of operation.parameters ?? []) {
        names.add((parameter.$ref ? resolve(parameter.$ref) : parameter).name);
      }
      for (const media of Object.values<OpenApiDocument>(operation.requestBody?.content ?? {}))
        propertyNames(media.schema, names);
    }
    expect(names.size).toBeGreaterThan(50);
    const unlabelled = [...names].filter((name) => !FIELD_LABELS[name]).sort();
    expect(unlabelled).toEqual([]);
    for (const label of Object.values(FIELD_LABELS)) expect(label).toMatch(/[А-ЯЁа-яё]|Telegram/);
  });
});
