/**
 * Search-parameter schemas shared by several routes. TanStack Router parses query values as JSON
 * (?hash=123 arrives as a number, ?pwa=true as a boolean), so text parameters accept those and
 * turn them back into text; a malformed value is dropped instead of failing the page.
 */
import * as v from 'valibot';
import { isSafeRedirect } from '../../domain/safe-redirect';

export const queryText = v.fallback(
  v.optional(v.pipe(v.union([v.string(), v.number(), v.boolean()]), v.transform(String))),
  undefined,
);

/** Where to go after sign-in: a path inside the app, never another site. */
export const redirectParam = v.fallback(
  v.optional(
    v.pipe(
      v.string(),
      v.check((path: string) => isSafeRedirect(path)),
    ),
  ),
  undefined,
);

export const loginSearch = v.object({ redirect: redirectParam });
