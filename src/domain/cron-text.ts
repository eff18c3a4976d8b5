/**
 * A periodic job's schedule as the bureau's owner reads it: «каждые 10 минут», «ежедневно в 03:30
 * по Москве», «по понедельникам в 12:00 по Москве». The monitor shows this instead of the five
 * cron fields. Times are told on Moscow time whatever zone the pattern is read in (a UTC job at
 * 01:40 fires at 04:40 in Moscow). A pattern it cannot put into words (one the product does not
 * ship, set by hand in the configuration) is said as «по расписанию …» with its fields.
 */
import { countRu } from './format';
import { onFirstUse } from './on-first-use';

const MOSCOW = 'Europe/Moscow';
const MINUTES = ['минуту', 'минуты', 'минут'] as const;
const HOURS = ['час', 'часа', 'часов'] as const;
/** «по понедельникам»: the weekday names as cron numbers them (0 and 7 are Sunday). */
const ON_WEEKDAYS = [
  'воскресеньям',
  'понедельникам',
  'вторникам',
  'средам',
  'четвергам',
  'пятницам',
  'субботам',
] as const;

type Field = { kind: 'any' } | { kind: 'step'; every: number } | { kind: 'list'; values: number[] };

/** One cron field: «*», «*\/n», or numbers and ranges («1-5», «9,18»); null for anything else. */
function readField(text: string, max: number): Field | null {
  if (text === '*') return { kind: 'any' };
  const step = /^\*\/(\d+)$/.exec(text);
  if (step) {
    const every = Number(step[1]);
    return every > 0 && every <= max ? { kind: 'step', every } : null;
  }
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!range) return null;
    const from = Number(range[1]);
    const to = range[2] === undefined ? from : Number(range[2]);
    if (from > to || to > max) return null;
    for (let value = from; value <= to; value += 1) values.add(value);
  }
  return { kind: 'list', values: [...values].sort((a, b) => a - b) };
}

/** Minutes the zone is ahead of UTC at the moment (Moscow: 180). */
function zoneOffset(timezone: string, at: Date): number | null {
  try {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    }).formatToParts(at);
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
    return Math.round((wall - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
  } catch {
    return null; // a zone this browser does not know
  }
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

function listText(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} и ${items.at(-1)}`;
}

/** «по будням», «по выходным», «по понедельникам и средам»; null for every day. */
function weekdaysText(days: number[]): string | null {
  const unique = [...new Set(days.map((day) => day % 7))].sort((a, b) => a - b);
  if (unique.length === 7) return null;
  if (unique.join() === '1,2,3,4,5') return 'по будням';
  if (unique.join() === '0,6') return 'по выходным';
  // The week as Russians count it, Monday first.
  const mondayFirst = [...unique.filter((day) => day !== 0), ...unique.filter((day) => day === 0)];
  return `по ${listText(mondayFirst.map((day) => ON_WEEKDAYS[day] as string))}`;
}

/**
 * The days and times of a pattern with fixed minutes and hours, shifted by `shiftHours` into
 * Moscow time; null when the shift would move a date of the month (that needs a calendar).
 */
function dailyText(
  minutes: number[],
  hours: number[],
  dayOfMonth: Field,
  weekday: Field,
  shiftHours: number,
) {
  let dayShift = 0;
  const moscowHours = hours.map((hour) => {
    const shifted = hour + shiftHours;
    if (shifted >= 24) dayShift = 1;
    if (shifted < 0) dayShift = -1;
    return (shifted + 24) % 24;
  });
  const mixed = hours.some((hour) => hour + shiftHours >= 24) && hours.some((hour) => hour + shiftHours < 24);
  if (dayShift !== 0 && (mixed || dayOfMonth.kind !== 'any' || weekday.kind === 'step')) return null;
  if (dayShift !== 0 && weekday.kind === 'list')
    weekday = { kind: 'list', values: weekday.values.map((day) => (day + dayShift + 7) % 7) };
  const times = moscowHours
    .sort((a, b) => a - b)
    .flatMap((hour) => minutes.map((minute) => `${twoDigits(hour)}:${twoDigits(minute)}`));
  const at = `в ${listText(times)}`;
  if (dayOfMonth.kind === 'list' && weekday.kind === 'any') {
    const dates = listText(dayOfMonth.values.map((day) => `${day}-го`));
    return `ежемесячно ${dates} числа ${at}`;
  }
  if (dayOfMonth.kind !== 'any') return null;
  if (weekday.kind === 'step') return null;
  const days = weekday.kind === 'list' ? weekdaysText(weekday.values) : null;
  return days ? `${days} ${at}` : `ежедневно ${at}`;
}

function describeFields(fields: string[], timezone: string, at: Date): string | null {
  const [minuteText = '', hourText = '', dayText = '', monthText = '', weekdayText = ''] = fields;
  const minute = readField(minuteText, 59);
  const hour = readField(hourText, 23);
  const dayOfMonth = readField(dayText, 31);
  const month = readField(monthText, 12);
  const weekday = readField(weekdayText, 7);
  if (!minute || !hour || !dayOfMonth || !month || !weekday || month.kind !== 'any') return null;
  const everyDay = dayOfMonth.kind === 'any' && weekday.kind === 'any';

  // Within the hour: the zone does not matter (Moscow's offset is whole hours).
  if (hour.kind === 'any' && everyDay) {
    if (minute.kind === 'any') return 'каждую минуту';
    if (minute.kind === 'step')
      return minute.every === 1 ? 'каждую минуту' : `каждые ${countRu(minute.every, MINUTES)}`;
    if (minute.values.length === 1) {
      const [past = 0] = minute.values;
      return past === 0 ? 'каждый час, в начале часа' : `каждый час, в ${countRu(past, MINUTES)}`;
    }
    return null;
  }
  if (hour.kind === 'step' && everyDay && minute.kind === 'list' && minute.values.length === 1) {
    const [past = 0] = minute.values;
    const every = hour.every === 1 ? 'каждый час' : `каждые ${countRu(hour.every, HOURS)}`;
    return past === 0 ? every : `${every}, в ${countRu(past, MINUTES)}`;
  }
  if (hour.kind !== 'list' || minute.kind !== 'list' || hour.values.length * minute.values.length > 4)
    return null;

  const offset = zoneOffset(timezone, at);
  const moscow = zoneOffset(MOSCOW, at);
  if (offset === null || moscow === null || (moscow - offset) % 60 !== 0) return null;
  const text = dailyText(minute.values, hour.values, dayOfMonth, weekday, (moscow - offset) / 60);
  return text ? `${text} по Москве` : null;
}

/** The schedule in words; `at` is the moment whose zone offsets count (now, by default). */
export function describeCron(pattern: string, timezone: string, at: Date = new Date()): string {
  const fields = pattern.trim().split(/\s+/);
  const words = fields.length === 5 ? describeFields(fields, timezone, at) : null;
  if (words) return words;
  const zone = timezone === MOSCOW ? 'по Москве' : `в часовом поясе ${timezone}`;
  return `по расписанию «${pattern.trim()}» ${zone}`;
}

const moscowDayMonthTime = onFirstUse(
  () =>
    new Intl.DateTimeFormat('ru-RU', {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: MOSCOW,
    }),
);

/**
 * A run's moment on Moscow time whatever the device's zone («28 нояб., 11:00»), so «ежедневно в
 * 11:00 по Москве» and its next run agree on a laptop in another zone. Here, not in format.ts:
 * the order form's first script carries format.ts, and only the monitor needs this.
 */
export function formatMoscowDateTime(value: Date | number | string): string {
  return moscowDayMonthTime().format(new Date(value));
}
