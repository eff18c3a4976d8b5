/**
 * The Russian production calendar: which Moscow days the bureau (and a notary) works. Weekends
 * are Saturday and Sunday; public holidays and the days moved by the government's yearly decree
 * are shipped below for the years we know; an ADMIN adds the bureau's own days off (and a weekend
 * day a later decree makes a working one) in the form settings. Days are 'YYYY-MM-DD' strings,
 * counted as calendar dates with no time zone: the caller turns a moment into its Moscow date.
 */

/**
 * Weekdays (Mon–Fri) that are not working days, and weekend days that are, per year.
 *
 * 2026 — Labour Code art. 112 and Постановление Правительства РФ от 24.09.2025 № 1466 «О переносе
 * выходных дней в 2026 году» (Saturday 3 January moved to Friday 9 January, Sunday 4 January to
 * Thursday 31 December): 1–9 January, 23 February, 9 March (8 March is a Sunday), 1 May, 11 May
 * (9 May is a Saturday), 12 June, 4 November, 31 December. No working Saturday.
 *
 * 2027 — the holidays of Labour Code art. 112 part 1 and the moves part 2 makes by itself (a
 * holiday on a weekend gives the next working day): 1 and 4–8 January, 23 February, 8 March,
 * 3 May (1 May is a Saturday), 10 May (9 May is a Sunday), 14 June (12 June is a Saturday),
 * 4 November. The decree «О переносе выходных дней в 2027 году» decides where Saturday 2 and
 * Sunday 3 January go (and may move other days); its text was not available when this was
 * written, so its days are not here: an ADMIN enters them in «Календарь» of the form settings
 * (days off, and a Saturday made a working day) — docs/decisions/0050.
 */
const SHIPPED: Record<number, { daysOff: readonly string[]; workingWeekends: readonly string[] }> = {
  2026: {
    daysOff: [
      '01-01',
      '01-02',
      '01-05',
      '01-06',
      '01-07',
      '01-08',
      '01-09',
      '02-23',
      '03-09',
      '05-01',
      '05-11',
      '06-12',
      '11-04',
      '12-31',
    ],
    workingWeekends: [],
  },
  2027: {
    daysOff: [
      '01-01',
      '01-04',
      '01-05',
      '01-06',
      '01-07',
      '01-08',
      '02-23',
      '03-08',
      '05-03',
      '05-10',
      '06-14',
      '11-04',
    ],
    workingWeekends: [],
  },
};

/** The shipped non-working weekdays of a year ('YYYY-MM-DD'), for the settings screen to list. */
export const stateDaysOff = (year: number): string[] =>
  (SHIPPED[year]?.daysOff ?? []).map((monthDay) => `${year}-${monthDay}`);

/** The years whose decree days are shipped; other years get the Labour Code's holidays only. */
export const SHIPPED_CALENDAR_YEARS = Object.keys(SHIPPED).map(Number);

/** Labour Code art. 112 part 1: the public holidays themselves (for years not shipped). */
const HOLIDAYS = [
  '01-01',
  '01-02',
  '01-03',
  '01-04',
  '01-05',
  '01-06',
  '01-07',
  '01-08',
  '02-23',
  '03-08',
  '05-01',
  '05-09',
  '06-12',
  '11-04',
];

/** The bureau's own changes to the calendar, from the form settings (ADMIN). */
export interface CalendarChanges {
  /** Days the bureau does not work though the calendar says it does. */
  daysOff: readonly string[];
  /** Weekend days the bureau works (a moved working day). */
  workingDays: readonly string[];
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The day `n` days after `day` (before, for a negative n). */
export const addDays = (day: string, n: number) => dayOf(dayNumber(day) + n);

/** Days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);

/** 1 Monday … 7 Sunday. */
export const isoWeekday = (day: string) => ((dayNumber(day) + 3) % 7) + 1;

/** A real calendar date written 'YYYY-MM-DD' (not 2026-02-30). */
export const isCalendarDay = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(dayNumber(text)) && dayOf(dayNumber(text)) === text;

/** Whether the state's production calendar makes the day a working one (changes aside). */
export function isStateWorkingDay(day: string): boolean {
  const year = Number(day.slice(0, 4));
  const monthDay = day.slice(5);
  const weekend = isoWeekday(day) >= 6;
  const shipped = SHIPPED[year];
  if (shipped) {
    if (weekend) return shipped.workingWeekends.includes(monthDay);
    return !shipped.daysOff.includes(monthDay);
  }
  return !weekend && !HOLIDAYS.includes(monthDay);
}

/** Whether the bureau works on the day: the state's calendar with the bureau's own changes. */
export function isWorkingDay(day: string, changes: CalendarChanges): boolean {
  if (changes.daysOff.includes(day)) return false;
  if (changes.workingDays.includes(day)) return true;
  return isStateWorkingDay(day);
}

/**
 * Whether a notary works on the day: on the bureau's working days, and on Saturdays that are not
 * public holidays when the settings say the notary works Saturdays.
 */
export function isNotaryDay(day: string, changes: CalendarChanges, notarySaturday: boolean): boolean {
  if (isWorkingDay(day, changes)) return true;
  if (!notarySaturday || isoWeekday(day) !== 6 || changes.daysOff.includes(day)) return false;
  return !HOLIDAYS.includes(day.slice(5));
}

/**
 * The `count`-th day after `day` on which `works` holds; for 0, `day` itself when it works, else
 * the next such day. Bounded: a calendar with no working day in a year answers a year later.
 */
export function nthWorkingDayAfter(day: string, count: number, works: (day: string) => boolean): string {
  let current = day;
  let left = count;
  if (left === 0) {
    for (let i = 0; i < 366 && !works(current); i++) current = addDays(current, 1);
    return current;
  }
  for (let i = 0; i < 366 * 3 && left > 0; i++) {
    current = addDays(current, 1);
    if (works(current)) left--;
  }
  return current;
}
