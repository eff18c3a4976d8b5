// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { reloadStepOneWithCacheBust } from './cache-bust';

function page(pathname: string, search = '') {
  const replaced: string[] = [];
  return { pathname, search, replaced, replace: (url: string) => replaced.push(url) };
}

describe('step 1 cache-busting reload', () => {
  it('reloads /order/step-1 once with the query, keeping the other parameters', () => {
    const location = page('/order/step-1', '?utm_source=ads');
    expect(reloadStepOneWithCacheBust(location, sessionStorage, 1000)).toBe(true);
    expect(location.replaced).toEqual(['/order/step-1?utm_source=ads&t=1000']);
  });

  it('never loops: with the query, or right after a reload, it stays', () => {
    expect(reloadStepOneWithCacheBust(page('/order/step-1', '?t=5'), sessionStorage, 2000)).toBe(false);
    sessionStorage.clear();
    reloadStepOneWithCacheBust(page('/order/step-1'), sessionStorage, 3000);
    const again = page('/order/step-1');
    expect(reloadStepOneWithCacheBust(again, sessionStorage, 4000)).toBe(false);
    expect(again.replaced).toEqual([]);
    expect(reloadStepOneWithCacheBust(page('/order/step-2'), sessionStorage, 99_000)).toBe(false);
  });
});
