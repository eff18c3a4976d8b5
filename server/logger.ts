/**
 * The server's one logger. Errors are logged as their name, message, code and stack only: pino's
 * stock serializer copies every enumerable property, and a node-postgres error carries the pg
 * Client it came from (socket state, type parsers, the connection's secret key) as `client`.
 */
import pino, { type DestinationStream, type Logger } from 'pino';

export interface LoggedError {
  type: string;
  message: string;
  code?: string;
  stack?: string;
  /** AggregateError (a host with several addresses refusing): each one in brief. */
  errors?: string[];
  cause?: LoggedError;
}

const MAX_CAUSE_DEPTH = 3;

/** Any thrown value, reduced to what a reader of the log needs. */
export function serializeError(value: unknown, depth = 0): LoggedError {
  if (!(value instanceof Error)) {
    // pg-boss emits its workers' errors as plain copies ({ ...error, message, stack }), which
    // carry the pg error's `client` along: take only the error's own words from those too.
    if (isErrorLike(value))
      return serializeError(Object.assign(new Error(value.message), pickErrorLike(value)), depth);
    return { type: typeof value, message: typeof value === 'string' ? value : safeText(value) };
  }
  const logged: LoggedError = { type: value.name, message: value.message };
  const code = (value as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') logged.code = String(code);
  if (value.stack) logged.stack = value.stack;
  if (value instanceof AggregateError) {
    logged.errors = value.errors.map((inner) => (inner instanceof Error ? inner.message : safeText(inner)));
  }
  if (value.cause !== undefined && depth < MAX_CAUSE_DEPTH)
    logged.cause = serializeError(value.cause, depth + 1);
  return logged;
}

function isErrorLike(value: unknown): value is { message: string; stack?: unknown; code?: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

function pickErrorLike(value: { message: string; stack?: unknown; code?: unknown; name?: unknown }) {
  return {
    name: typeof value.name === 'string' ? value.name : 'Error',
    stack: typeof value.stack === 'string' ? value.stack : undefined,
    code: value.code,
  };
}

function safeText(value: unknown): string {
  try {
    return String(value).slice(0, 200);
  } catch {
    return 'unprintable value';
  }
}

/** One short line's worth of an error: for warnings that repeat (a database away for a minute). */
export function briefError(value: unknown): { message: string; code?: string } {
  const { message, code, errors } = serializeError(value);
  const text = message || errors?.join('; ') || 'unknown error';
  return code === undefined ? { message: text } : { message: text, code };
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino({ level, serializers: { err: serializeError, error: serializeError } }, destination);
}
