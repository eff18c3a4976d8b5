/**
 * Older builds stored tokens damaged in a few known ways ('abc, null', 'abc,def', a quoted
 * string). Spec 5: before each request the stored value is repaired and saved back, so a user is
 * not signed out because of how a previous version wrote the token.
 */
const JWT_PREFIX = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/;
const EMPTY = new Set(['', 'null', 'undefined']);

/** The usable token inside a stored value, or null when there is none. */
export function normalizeToken(stored: string | null | undefined): string | null {
  if (stored == null) return null;
  let token = stored.trim().replace(/,\s*null$/, '');
  const comma = token.indexOf(',');
  if (comma >= 0) token = token.slice(0, comma);
  token = token
    .trim()
    .replace(/^Bearer\s+/i, '')
    .replace(/^"(.*)"$/, '$1')
    .trim();
  if (EMPTY.has(token)) return null;
  return JWT_PREFIX.exec(token)?.[0] ?? token;
}
