import { describe, expect, it } from 'vitest';
import { isSafeRedirect } from './safe-redirect';

describe('redirect after sign-in', () => {
  it('follows a path inside the app, with its query', () => {
    expect(isSafeRedirect('/crm/orders/15')).toBe(true);
    expect(isSafeRedirect('/cabinet/orders?status=NEW')).toBe(true);
  });
  it('never sends the user to another site', () => {
    for (const value of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'crm',
    ]) {
      expect(isSafeRedirect(value)).toBe(false);
    }
    expect(isSafeRedirect(undefined)).toBe(false);
  });
});
