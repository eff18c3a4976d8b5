import { describe, expect, it } from 'vitest';
import { distanceKm, formatDistance, nearestFirst } from './point-distance';

const kremlin = { lon: 37.6175, lat: 55.752 };
const tverskaya = { id: 1, lon: 37.6041, lat: 55.7652 };
const arbat = { id: 2, lon: 37.5917, lat: 55.7494 };
const mitino = { id: 3, lon: 37.3614, lat: 55.8456 };

describe('distance to pickup points', () => {
  it('measures city distances like a map does (Kremlin to Mitino is about 19 km)', () => {
    expect(distanceKm(kremlin, mitino)).toBeGreaterThan(18);
    expect(distanceKm(kremlin, mitino)).toBeLessThan(20);
    expect(distanceKm(kremlin, kremlin)).toBe(0);
  });

  it('lists the nearest point first once the customer is located, and keeps the order otherwise', () => {
    const here = { lon: 37.59, lat: 55.75 }; // by Arbat
    expect(nearestFirst([mitino, tverskaya, arbat], here).map((p) => p.id)).toEqual([2, 1, 3]);
    expect(nearestFirst([mitino, tverskaya, arbat], null).map((p) => p.id)).toEqual([3, 1, 2]);
  });

  it('writes distances the Russian way', () => {
    expect(formatDistance(0.347)).toBe('350 м');
    expect(formatDistance(0.001)).toBe('10 м');
    expect(formatDistance(1.24)).toBe('1,2 км');
    expect(formatDistance(14.6)).toBe('15 км');
  });
});
