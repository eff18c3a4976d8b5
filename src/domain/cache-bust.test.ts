import { describe, expect, it } from 'vitest';
import { cacheBustTarget } from './cache-bust';

describe('the order form entry cache-busting rule', () => {
  it('sends a bare /order/step-1 to the address with the query, keeping the other parameters', () => {
    expect(cacheBustTarget('/order/step-1', '', 1000)).toBe('/order/step-1?t=1000');
    expect(cacheBustTarget('/order/step-1/', '?utm_source=ads', 7)).toBe('/order/step-1?utm_source=ads&t=7');
  });

  it('sends /order straight to step 1 with the query (one redirect, not two)', () => {
    expect(cacheBustTarget('/order', '', 5)).toBe('/order/step-1?t=5');
    expect(cacheBustTarget('/order/', '?t=3', 5)).toBe('/order/step-1?t=3');
  });

  it('leaves step 1 with the query and every other address alone', () => {
    expect(cacheBustTarget('/order/step-1', '?t=5', 9)).toBeNull();
    expect(cacheBustTarget('/order/step-2', '', 9)).toBeNull();
    expect(cacheBustTarget('/order/step-10', '', 9)).toBeNull();
    expect(cacheBustTarget('/cabinet/orders', '', 9)).toBeNull();
  });
});
