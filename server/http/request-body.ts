/**
 * Request bodies the contract did not declare never reach a handler. Fastify validates a body
 * only when its media type has a schema, so without this guard a text/plain, multipart or
 * missing body would slip past validation to an operation expecting JSON.
 */
import type { FastifyInstance, preValidationHookHandler, RouteOptions } from 'fastify';
import { ProductError } from '../errors';

/** Uploads are streamed by handlers (req.files()); glue would turn their schema into JSON. */
function dropBinaryBodySchema(route: RouteOptions): void {
  const schema = route.schema as { body?: unknown } | undefined;
  if (schema?.body && JSON.stringify(schema.body).includes('"binary"')) delete schema.body;
}

const DOWNLOAD_ONLY_TYPES = [
  'application/octet-stream',
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/gif',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/x-cfb',
];

export function guardRequestBodies(app: FastifyInstance): void {
  // Only JSON (and, for uploads, multipart) is spoken: plain text gets 415 from Fastify itself.
  app.removeContentTypeParser('text/plain');
  // These types appear in the contract only as a download's answer (GET /api/files/{id}).
  // Declaring parsers that refuse them keeps glue from warning at every start that none exists.
  app.addContentTypeParser(DOWNLOAD_ONLY_TYPES, (_request, _payload, done) => {
    done(
      new ProductError(
        'unsupported-type',
        'UNSUPPORTED_MEDIA_TYPE',
        'Неподдерживаемый тип содержимого запроса',
      ),
      undefined,
    );
  });
  app.addHook('onRoute', (route) => {
    dropBinaryBodySchema(route);
    const content = (route.schema?.body as { content?: Record<string, unknown> } | undefined)?.content;
    // Only routes that take a body get the check: a GET pays nothing for it.
    if (content) route.preValidation = [...hookList(route.preValidation), checkMediaType(content)];
  });
}

function hookList<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/** A JSON body whose schema requires no property: leaving it out says nothing else than {}. */
function nothingRequired(content: Record<string, unknown>): boolean {
  const schema = (
    content['application/json'] as { schema?: { type?: string; required?: unknown[] } } | undefined
  )?.schema;
  return schema?.type === 'object' && (schema.required ?? []).length === 0;
}

function checkMediaType(content: Record<string, unknown>): preValidationHookHandler {
  return (request, _reply, done) => {
    const mediaType = request.mediaType;
    if (mediaType && mediaType in content) return done();
    if (request.body === undefined && !request.headers['content-type'] && nothingRequired(content)) {
      // An optional body (a choice with a default, like a payment's way) may be left out: it is {}.
      request.body = {};
      return done();
    }
    if (request.body === undefined && !request.headers['content-type']) {
      return done(
        new ProductError(
          'validation',
          'VALIDATION_ERROR',
          'Некорректный запрос: нужно тело запроса в формате JSON',
        ),
      );
    }
    done(
      new ProductError(
        'unsupported-type',
        'UNSUPPORTED_MEDIA_TYPE',
        'Неподдерживаемый тип содержимого: ожидается application/json',
      ),
    );
  };
}
