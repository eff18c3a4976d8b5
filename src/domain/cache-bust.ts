/**
 * The cache-busting rule for the order form's entry (docs/back-office-screens.md): /order and a
 * bare /order/step-1 end at /order/step-1 with the `t` query, so a proxy's or an old browser
 * cache's copy of the page is never what a visitor sees. One rule for the three places that apply
 * it: the server and the service worker answer with a redirect (no second page load), the app
 * reloads itself only when neither did (a static host without our server).
 */
export const CACHE_BUST_PARAM = 't';

/** The order form's first step: the page links and ads land on. */
export const STEP_ONE_PATH = '/order/step-1';

const ORDER_ENTRY = /^\/order\/?$/;
const STEP_ONE = /^\/order\/step-1\/?$/;

/**
 * Where a navigation to `pathname` + `search` must be sent instead, keeping its other query
 * parameters (utm tags, a promo code), or null when it may be answered as it is.
 */
export function cacheBustTarget(pathname: string, search: string, now: number): string | null {
  const entry = ORDER_ENTRY.test(pathname);
  if (!entry && !STEP_ONE.test(pathname)) return null;
  const query = new URLSearchParams(search);
  if (!entry && query.has(CACHE_BUST_PARAM)) return null;
  if (!query.has(CACHE_BUST_PARAM)) query.set(CACHE_BUST_PARAM, String(now));
  return `${STEP_ONE_PATH}?${query.toString()}`;
}
