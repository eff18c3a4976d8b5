import { describe, expect, it } from 'vitest';
import { moscowDate, moscowDayKind, moscowYearMonth } from './moscow-time';

describe('Moscow time', () => {
  it('counts Saturday from midnight in Moscow, which is 21:00 on Friday in UTC', () => {
    expect(moscowDayKind(new Date('2026-11-27T20:59:59Z'))).toBe('weekday');
    expect(moscowDayKind(new Date('2026-11-27T21:00:00Z'))).toBe('saturday');
    expect(moscowDayKind(new Date('2026-11-28T21:00:00Z'))).toBe('sunday');
    expect(moscowDayKind(new Date('2026-11-29T21:00:00Z'))).toBe('weekday');
  });

  it('gives the Moscow date and month even when UTC is still on the day before', () => {
    expect(moscowDate(new Date('2026-11-30T22:30:00Z'))).toBe('2026-12-01');
    expect(moscowYearMonth(new Date('2026-11-30T22:30:00Z'))).toBe('2612');
    expect(moscowYearMonth(new Date('2026-11-30T20:30:00Z'))).toBe('2611');
  });
});
