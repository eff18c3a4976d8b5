/**
 * The fallback of the cache-busting rule for /order/step-1 (src/domain/cache-bust.ts): the server and the
 * service worker redirect a bare address to the one with the query; if the page still opens
 * without it (served by a plain static host), it reloads once with one. A mark in sessionStorage
 * makes a loop impossible.
 */
import { CACHE_BUST_PARAM } from '../../domain/cache-bust';

const MARK = 'order-step-1-reloaded-at';
const LOOP_WINDOW_MS = 30_000;

interface PageLocation {
  pathname: string;
  search: string;
  replace(url: string): void;
}

/** True when it has asked for the reload (the caller should not render). */
export function reloadStepOneWithCacheBust(
  location: PageLocation,
  session: Storage,
  now = Date.now(),
): boolean {
  if (location.pathname !== '/order/step-1') return false;
  const search = new URLSearchParams(location.search);
  if (search.has(CACHE_BUST_PARAM)) return false;
  const last = session.getItem(MARK);
  if (last !== null && now - Number(last) < LOOP_WINDOW_MS) return false;
  session.setItem(MARK, String(now));
  search.set(CACHE_BUST_PARAM, String(now));
  location.replace(`/order/step-1?${search.toString()}`);
  return true;
}
