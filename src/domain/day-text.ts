/**
 * A calendar day ('2026-11-25', a promised date) as people say it: «25 ноября», with the year
 * when it is not `thisYear`'s, and «, ср» with the weekday on request. Written by hand: it is a
 * date with no time and no zone, and no Intl data need load for it. A module of its own, so the
 * order form's first download does not carry the month names (the estimate's chunk does).
 */
const MONTHS = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
];
const WEEKDAYS = ['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'];

export function formatDay(
  day: string,
  { weekday = false, thisYear }: { weekday?: boolean; thisYear?: number } = {},
): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const text = `${date} ${MONTHS[month - 1]}${thisYear !== undefined && year !== thisYear ? ` ${year}` : ''}`;
  if (!weekday) return text;
  const isoDay = (Math.floor(Date.UTC(year, month - 1, date) / 86_400_000) + 3) % 7;
  return `${text}, ${WEEKDAYS[isoDay]}`;
}
