/**
 * One check for every operation: no text that reaches the handlers may hold a NUL character.
 * PostgreSQL cannot store U+0000 in text and answers such a value with an error, which would
 * otherwise surface as a 500 from whichever query met it first. Refusing it here, after parsing
 * and before the contract's validation, covers body, query, path and headers at once, including
 * object keys, without marking every string of the contract.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ProductError } from '../errors';
import { fieldLabel } from './field-labels';

/** Deep enough for any body the contract accepts; deeper nesting is refused as well. */
const MAX_DEPTH = 32;

/** The path of the first string (or key) holding U+0000, or null when there is none. */
export function findNulCharacter(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '/' : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) return path;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = `${path}/${key.replaceAll('\u0000', '\\0')}`;
    if (key.includes('\u0000')) return itemPath;
    const found = findNulCharacter(item, itemPath, depth + 1);
    if (found) return found;
  }
  return null;
}

function checkRequest(request: FastifyRequest): void {
  const parts = {
    params: request.params,
    querystring: request.query,
    headers: request.headers,
    body: request.body,
  } as const;
  for (const [part, value] of Object.entries(parts)) {
    const path = findNulCharacter(value);
    if (path !== null) {
      const fieldPath = `/${part}${path === '/' ? '' : path}`;
      const label = fieldLabel(fieldPath);
      const message = label
        ? `Поле «${label}» содержит недопустимый символ`
        : 'Запрос содержит недопустимый символ';
      throw new ProductError('validation', 'VALIDATION_ERROR', message, [{ path: fieldPath, message }]);
    }
  }
}

export function guardAgainstNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      checkRequest(request);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}
