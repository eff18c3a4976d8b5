/** Recognising PostgreSQL's own errors through Drizzle (which wraps them) on both drivers. */

/** SQLSTATE 23505: a unique index refused the row (the index decides races a SELECT cannot). */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * SQLSTATE classes and socket errors that mean "the database is not there right now" rather than
 * "this request is wrong": a restart (57P01–57P03), a broken or refused connection (class 08),
 * too many connections (53300), and node-postgres's own timeouts and terminations.
 */
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'Client was closed and is not queryable',
  'connection timeout',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (cause instanceof AggregateError && cause.errors.some(isDatabaseUnavailable)) return true;
    const message = (cause as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.includes(text)))
      return true;
  }
  return false;
}
