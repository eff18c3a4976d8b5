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

  it('agrees with the time-zone database on every hour of the years since UTC+3, and before it', () => {
    const zone = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Moscow',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const weekday = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Moscow', weekday: 'short' });
    const kinds: Record<string, string> = { Sat: 'saturday', Sun: 'sunday' };
    // From a year before the change (UTC+4, and UTC+3 with summer time before 2011) to 2031.
    for (let at = Date.UTC(2013, 9, 1); at < Date.UTC(2031, 0, 1); at += 7 * 3600 * 1000) {
      const moment = new Date(at);
      expect(moscowDate(moment)).toBe(zone.format(moment));
      expect(moscowDayKind(moment)).toBe(kinds[weekday.format(moment)] ?? 'weekday');
    }
  });
});
