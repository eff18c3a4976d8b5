/**
 * Requests made from the contract alone, for the tests that walk every operation: path and
 * query values from the parameters' examples (or a value their schema accepts), the JSON body
 * from the request example, a one-page PDF for uploads. Callers may point ids at fixtures.
 */
import type { ContractOperation, OpenApiDocument } from '../../server/http/contract';

type Json = Record<string, unknown>;

export interface PreparedRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

export interface RequestChanges {
  headers?: Record<string, string>;
  /** Path and query parameter values by name, instead of the sampled ones. */
  parameters?: Record<string, string | number>;
  /** Body fields set over the contract's example. */
  body?: Record<string, unknown>;
}

export function resolveRef<T>(contract: OpenApiDocument, node: T): T {
  const ref = (node as Json | undefined)?.$ref;
  if (typeof ref !== 'string') return node;
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>((at, key) => (at as Json)[key], contract) as T;
}

/** A value the parameter's schema accepts, preferring the contract's own example. */
function sampleValue(contract: OpenApiDocument, parameter: Json): string {
  if (parameter.example !== undefined) return String(parameter.example);
  const schema = resolveRef(contract, parameter.schema as Json);
  if (schema.default !== undefined) return String(schema.default);
  if (Array.isArray(schema.enum)) return String(schema.enum[0]);
  if (schema.format === 'uuid') return '0b7c6d1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e';
  if (schema.format === 'date') return '2026-11-01';
  if (schema.format === 'uri') return 'https://fcm.googleapis.com/fcm/send/dGVzdC1lbmRwb2ludA';
  if (schema.type === 'string') return '42';
  return '1';
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

export function prepareRequest(
  contract: OpenApiDocument,
  op: ContractOperation,
  changes: RequestChanges = {},
): PreparedRequest {
  const parameters = ((op.operation.parameters ?? []) as Json[]).map((p) => resolveRef(contract, p));
  let url = op.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = { ...changes.headers };
  for (const parameter of parameters) {
    const name = String(parameter.name);
    const value = String(changes.parameters?.[name] ?? sampleValue(contract, parameter));
    if (parameter.in === 'path') url = url.replace(`{${name}}`, encodeURIComponent(value));
    else if (parameter.in === 'query' && (parameter.required || changes.parameters?.[name] !== undefined))
      query.set(name, value);
    else if (parameter.in === 'header' && parameter.required) headers[name.toLowerCase()] = value;
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
    prepared.payload = JSON.stringify({ ...(json.example as Json), ...changes.body });
  } else if (multipart) {
    const schema = resolveRef(contract, multipart.schema as Json);
    const field = Object.keys(schema.properties as Json)[0] as string;
    const { boundary, body } = multipartBody(field);
    headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
    prepared.payload = body;
  }
  return prepared;
}
