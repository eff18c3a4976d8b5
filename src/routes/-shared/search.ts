/**
 * Search-parameter parsers shared by the routes. TanStack Router parses query values as JSON
 * (?hash=123 arrives as a number, ?pwa=true as a boolean), so text parameters accept those and
 * turn them back into text; a malformed value is dropped instead of failing the page.
 * Plain functions rather than a schema library: route options are part of the first visit's
 * bundle, which has a budget.
 */
import { isSafeRedirect } from '../../domain/safe-redirect';

export type RawSearch = Record<string, unknown>;

/** A query value as text, or undefined. */
export function queryText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** Where to go after sign-in: a path inside the app, never another site. */
export function redirectParam(value: unknown): string | undefined {
  return typeof value === 'string' && isSafeRedirect(value) ? value : undefined;
}

/** One of the allowed values, or undefined. */
export function oneOf<T extends string>(allowed: readonly T[], value: unknown): T | undefined {
  return allowed.includes(value as T) ? (value as T) : undefined;
}

/** A whole number from 1 up, or undefined. */
export function positiveInteger(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : undefined;
}

/** Text parameters by name: `textSearch('hash', 'email')` → { hash?: string, email?: string }. */
export function textSearch<K extends string>(...keys: K[]) {
  return (raw: RawSearch) =>
    Object.fromEntries(keys.map((key) => [key, queryText(raw[key])])) as { [P in K]?: string };
}

export const loginSearch = (raw: RawSearch): { redirect?: string } => ({
  redirect: redirectParam(raw.redirect),
});
