/**
 * Every error answer in one shape, the contract's Error schema: { code, message in Russian,
 * details? }. Services throw the server's own errors (server/errors.ts), which know nothing of
 * HTTP; here each kind gets its status code. The one error handler also maps Fastify's own
 * errors (validation, JSON, media type, size) and turns anything unexpected into a logged 500
 * that never shows a stack.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/errors';
import { type ErrorKind, ProductError } from '../errors';
import { isUpload } from './timeouts';
import { type AjvIssue, validationMessage, validationProblems } from './validation-messages';

export interface ErrorBody {
  code: string;
  message: string;
  details?: unknown;
}

/** The status code each kind of the server's own errors is answered with. */
const STATUS_OF: Record<ErrorKind, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  'too-large': 413,
  'unsupported-type': 415,
  refused: 422,
  'rate-limited': 429,
  'not-implemented': 501,
  unavailable: 503,
};

/** Fastify's own errors, by code, as the answer the client gets. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Некорректный запрос: тело запроса не является корректным JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Некорректный запрос: пустое тело при Content-Type application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Некорректный запрос: длина тела не совпадает с Content-Length',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Неподдерживаемый тип содержимого запроса',
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Ожидается multipart/form-data',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'Тело запроса превышает допустимый размер',
  },
  FST_REQ_FILE_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'Файл превышает максимальный размер 100MB',
  },
  FST_FILES_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Слишком много файлов: не больше 20' },
  FST_PARTS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Слишком много частей формы' },
  FST_FIELDS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Слишком много полей формы' },
  FST_PROTO_VIOLATION: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Некорректный запрос: недопустимое имя поля',
  },
  FST_MP_PREMATURE_CLOSE: { status: 400, code: 'VALIDATION_ERROR', message: 'Запрос оборван до конца формы' },
  FST_ERR_BAD_URL: { status: 400, code: 'VALIDATION_ERROR', message: 'Некорректный адрес запроса' },
};

/** A request breaking the contract: one Russian problem per field (validation-messages.ts). */
function validationBody(error: FastifyError, operationId: string | undefined): ErrorBody {
  const part = error.validationContext ?? 'body';
  const details = validationProblems(part, (error.validation ?? []) as AjvIssue[], operationId);
  return { code: 'VALIDATION_ERROR', message: validationMessage(details), details };
}

/**
 * The status and body for any thrown value; unknown errors become a bare 500. `operationId`
 * names the operation, so validation messages call its fields what its form calls them.
 */
export function toErrorAnswer(
  error: unknown,
  operationId?: string,
): { status: number; body: ErrorBody; unexpected: boolean } {
  if (error instanceof ProductError) {
    const body: ErrorBody = { code: error.code, message: error.message };
    if (error.details !== undefined) body.details = error.details;
    return { status: STATUS_OF[error.kind], body, unexpected: false };
  }
  const fastifyError = error as Partial<FastifyError> | null;
  if (fastifyError?.validation) {
    return {
      status: 400,
      body: validationBody(fastifyError as FastifyError, operationId),
      unexpected: false,
    };
  }
  const known = fastifyError?.code ? FRAMEWORK_ERRORS[fastifyError.code] : undefined;
  if (known)
    return { status: known.status, body: { code: known.code, message: known.message }, unexpected: false };
  // Any other client error the framework raises (its statusCode is 4xx) stays a client error.
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, body: { code: 'BAD_REQUEST', message: 'Некорректный запрос' }, unexpected: false };
  }
  if (isDatabaseUnavailable(error)) {
    return { status: 503, body: { ...DATABASE_UNAVAILABLE }, unexpected: false };
  }
  return {
    status: 500,
    body: { code: 'INTERNAL_ERROR', message: 'Внутренняя ошибка сервера' },
    unexpected: true,
  };
}

/** While PostgreSQL restarts: the request may be repeated as it is (the outbox does, with its key). */
export const DATABASE_UNAVAILABLE: ErrorBody = {
  code: 'SERVICE_UNAVAILABLE',
  message: 'Сервис временно недоступен: нет связи с базой данных. Повторите попытку через несколько секунд.',
};
/** Seconds a client should wait before repeating a request answered 503. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const schema = request.routeOptions?.schema as { operationId?: string } | undefined;
  const answer = toErrorAnswer(error, schema?.operationId);
  if (answer.unexpected) {
    request.log.error({ err: error }, 'unexpected error');
  } else if (answer.status >= 500) {
    request.log.warn({ code: answer.body.code }, answer.body.message);
  }
  const retryAfter = (answer.body.details as { retryAfter?: unknown } | undefined)?.retryAfter;
  if (answer.status === 429 && typeof retryAfter === 'number')
    reply.header('retry-after', String(retryAfter));
  if (answer.status === 503 && answer.body.code === DATABASE_UNAVAILABLE.code)
    reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
  if (answer.status === 413 && request.raw.readable) {
    if (isUpload(request.headers['content-type'])) {
      // Not waiting for the rest of an oversized upload: close the connection after answering.
      reply.header('connection', 'close');
    } else {
      // A JSON body over the limit is read to its end and dropped (limitBodyTime bounds that to
      // 30 s): closing now, with the client still sending (Fastify's parser asks to close), would
      // reach it as a reset connection instead of this answer.
      reply.removeHeader('connection');
      request.raw.resume();
    }
  }
  reply.status(answer.status).type('application/json; charset=utf-8').send(answer.body);
}
