/**
 * When an access token runs out, read from its JWT payload without verifying the signature: the
 * server verifies; the app only needs to know when to ask for a fresh token
 * (docs/sessions-and-tokens.md) and what to show on /debug.
 */

/** A token this close to its end (or past it) is refreshed before it is sent. */
export const REFRESH_MARGIN_MS = 60_000;

/** The token's exp in ms since epoch, or null when it has none or is not a readable JWT. */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const exp = (claims as { exp?: unknown } | null)?.exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

export function needsRefresh(token: string, now: number): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== null && expiresAt - now <= REFRESH_MARGIN_MS;
}
