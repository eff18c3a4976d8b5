/**
 * The bureau works on Moscow time: notaries charge by the Moscow weekday, promo codes start and
 * end on Moscow dates, order numbers count Moscow months. The server may run in UTC and the phone
 * in Vladivostok; both must agree, so nothing here reads the machine's time zone.
 */

import { onFirstUse } from './on-first-use';

const MOSCOW = 'Europe/Moscow';

const parts = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: MOSCOW,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
    }),
);

function moscowParts(date: Date): { year: string; month: string; day: string; weekday: string } {
  const out = { year: '', month: '', day: '', weekday: '' };
  for (const part of parts().formatToParts(date)) {
    if (part.type === 'year' || part.type === 'month' || part.type === 'day' || part.type === 'weekday') {
      out[part.type] = part.value;
    }
  }
  return out;
}

export type DayKind = 'weekday' | 'saturday' | 'sunday';

/** Which tariff day the moment falls on in Moscow. */
export function moscowDayKind(date: Date): DayKind {
  const { weekday } = moscowParts(date);
  if (weekday === 'Sat') return 'saturday';
  if (weekday === 'Sun') return 'sunday';
  return 'weekday';
}

/** The Moscow calendar date, e.g. '2026-11-23' (comparable as a string). */
export function moscowDate(date: Date): string {
  const { year, month, day } = moscowParts(date);
  return `${year}-${month}-${day}`;
}

/** The order-number prefix of the Moscow month, e.g. '2611' for November 2026. */
export function moscowYearMonth(date: Date): string {
  const { year, month } = moscowParts(date);
  return `${year.slice(-2)}${month}`;
}
