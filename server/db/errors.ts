/** Recognising PostgreSQL's own errors through Drizzle (which wraps them) on both drivers. */

/** SQLSTATE 23505: a unique index refused the row (the index decides races a SELECT cannot). */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
