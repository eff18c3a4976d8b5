import { describe, expect, it } from 'vitest';
import { FRESH_FOR_MS, showsAge } from './data-freshness';

const now = Date.parse('2026-11-24T12:00:00Z');

describe('the age line of shown data', () => {
  it('stays away from data the server has just confirmed', () => {
    expect(showsAge({ fetchedAt: now - 1000, isOffline: false, isStale: false }, now)).toBe(false);
  });

  it('shows offline, however fresh the copy', () => {
    expect(showsAge({ fetchedAt: now - 1000, isOffline: true, isStale: true }, now)).toBe(true);
  });

  it('shows on an unconfirmed copy only once it is over a minute old', () => {
    const stale = { isOffline: false, isStale: true };
    expect(showsAge({ ...stale, fetchedAt: now - 30_000 }, now)).toBe(false);
    expect(showsAge({ ...stale, fetchedAt: now - FRESH_FOR_MS - 1 }, now)).toBe(true);
  });

  it('has nothing to say before any data', () => {
    expect(showsAge({ fetchedAt: undefined, isOffline: true, isStale: false }, now)).toBe(false);
  });
});
