import { describe, expect, it } from 'vitest';
import { normalizeToken } from './normalize-token';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';

describe('stored token repair', () => {
  it('keeps a healthy token as it is', () => {
    expect(normalizeToken(JWT)).toBe(JWT);
    expect(normalizeToken('opaque-session-token')).toBe('opaque-session-token');
  });
  it('uses only the part before the first comma', () => {
    expect(normalizeToken(`${JWT},${JWT}`)).toBe(JWT);
    expect(normalizeToken('abc,def,ghi')).toBe('abc');
  });
  it("drops a trailing ', null'", () => {
    expect(normalizeToken(`${JWT}, null`)).toBe(JWT);
  });
  it('extracts the JWT when junk follows it', () => {
    expect(normalizeToken(`${JWT} garbage`)).toBe(JWT);
    expect(normalizeToken(`"${JWT}"`)).toBe(JWT);
    expect(normalizeToken(`Bearer ${JWT}`)).toBe(JWT);
  });
  it('treats empty and "null" values as no token, so the user is asked to sign in', () => {
    for (const value of [null, undefined, '', '  ', 'null', 'undefined', ', null']) {
      expect(normalizeToken(value)).toBeNull();
    }
  });
});
