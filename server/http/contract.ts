/**
 * openapi.yaml as the server reads it: the parsed document and its list of operations. Routes,
 * validation, serialisation and authorization all come from here (docs/decisions/0002).
 */
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../project-files';

export const CONTRACT_PATH = join(PROJECT_ROOT, 'openapi.yaml');

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';
const METHODS: readonly HttpMethod[] = ['get', 'put', 'post', 'delete', 'patch'];

// The document is plain JSON-like data; operations are typed loosely on purpose.
// biome-ignore lint/suspicious/noExplicitAny: parsed YAML
export type OpenApiDocument = Record<string, any>;
// biome-ignore lint/suspicious/noExplicitAny: parsed YAML
export type OpenApiOperation = Record<string, any>;

export interface ContractOperation {
  operationId: string;
  method: HttpMethod;
  /** As written in the contract: /api/point/{id}. */
  path: string;
  tag: string;
  security: unknown;
  operation: OpenApiOperation;
}

/**
 * Parsing the 4,000-line YAML costs most of a second, paid by every server start and every server
 * test file; its JSON, cached in the temp folder under the text's digest, parses in milliseconds.
 * A changed contract has another digest, so a stale copy is never read.
 */
export function loadContract(path = CONTRACT_PATH): OpenApiDocument {
  const text = readFileSync(path, 'utf8');
  const cached = join(
    tmpdir(),
    `perevod-contract-${createHash('sha256').update(text).digest('hex').slice(0, 20)}.json`,
  );
  try {
    return JSON.parse(readFileSync(cached, 'utf8')) as OpenApiDocument;
  } catch {
    // Not cached yet (or unreadable): parse and keep it for the next reader.
  }
  const contract = parse(text) as OpenApiDocument;
  try {
    const temporary = `${cached}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(contract));
    renameSync(temporary, cached);
  } catch {
    // A read-only temp folder only costs the next reader the parse.
  }
  return contract;
}

export function listOperations(contract: OpenApiDocument): ContractOperation[] {
  const result: ContractOperation[] = [];
  for (const [path, item] of Object.entries<OpenApiOperation>(contract.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method] as OpenApiOperation | undefined;
      if (!operation) continue;
      result.push({
        operationId: operation.operationId,
        method,
        path,
        tag: operation.tags?.[0] ?? 'untagged',
        security: operation.security ?? contract.security ?? [],
        operation,
      });
    }
  }
  return result;
}

/** An operation whose request body is a multipart upload (the files are streamed by its handler). */
export function isUploadOperation(operation: OpenApiOperation): boolean {
  const content = operation.requestBody?.content as Record<string, unknown> | undefined;
  return Object.keys(content ?? {}).some((type) => type.startsWith('multipart/'));
}

/**
 * The contract cut in two by isUploadOperation: the same document with only the matching
 * operations in `paths` (path-level parameters kept), so each part can be routed in its own
 * scope: multipart parsing and its per-request hooks only where a route takes files.
 */
export function splitUploadOperations(contract: OpenApiDocument): {
  uploads: OpenApiDocument;
  rest: OpenApiDocument;
} {
  const pick = (wantUploads: boolean): OpenApiDocument => {
    const paths: Record<string, OpenApiOperation> = {};
    for (const [path, item] of Object.entries<OpenApiOperation>(contract.paths ?? {})) {
      const kept: OpenApiOperation = {};
      for (const [key, value] of Object.entries<OpenApiOperation>(item)) {
        const isMethod = (METHODS as readonly string[]).includes(key);
        if (!isMethod || isUploadOperation(value) === wantUploads) kept[key] = value;
      }
      if (METHODS.some((method) => method in kept)) paths[path] = kept;
    }
    return { ...contract, paths };
  };
  return { uploads: pick(true), rest: pick(false) };
}
