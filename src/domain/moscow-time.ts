/**
 * The bureau works on Moscow time: notaries charge by the Moscow weekday, promo codes start and
 * end on Moscow dates, order numbers count Moscow months. The server may run in UTC and the phone
 * in Vladivostok; both must agree, so nothing here reads the machine's time zone.
 *
 * Moscow has kept UTC+3 all year since 26 October 2014 (Federal Law 248-FZ), so from then on the
 * Moscow date is UTC's shifted by three hours. Computed so, a phone does not load its time-zone
 * database for the first price or due date the form shows: creating a formatter for
 * Europe/Moscow took 150–350 ms of the first tick on step 1 at 4× CPU slowdown
 * (docs/decisions/0043, part 5). An earlier moment asks that formatter, as before.
 */

import { onFirstUse } from './on-first-use';

const MOSCOW = 'Europe/Moscow';
const UTC_PLUS_3_SINCE = Date.UTC(2014, 9, 25, 22); // 26 October 2014, 02:00 in Moscow
const THREE_HOURS_MS = 3 * 60 * 60 * 1000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

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

interface MoscowParts {
  year: string;
  month: string;
  day: string;
  weekday: string;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

function moscowParts(date: Date): MoscowParts {
  if (date.getTime() >= UTC_PLUS_3_SINCE) {
    const shifted = new Date(date.getTime() + THREE_HOURS_MS);
    return {
      year: String(shifted.getUTCFullYear()),
      month: twoDigits(shifted.getUTCMonth() + 1),
      day: twoDigits(shifted.getUTCDate()),
      weekday: WEEKDAYS[shifted.getUTCDay()] ?? '',
    };
  }
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
