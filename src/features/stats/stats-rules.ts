/**
 * The statistics screen's plain rules: the range the admin asks for (Moscow days, at most the
 * server's three years), the splits the table offers, and the time series the charts draw, with
 * the days or weeks that had no orders filled in as zeros so a quiet day reads as a dip, not as a
 * line drawn straight over it.
 */
import type { components } from '../../api/schema.gen';
import { moscowDate } from '../../domain/moscow-time';
import { DELIVERY_LABELS, PAYER_LABELS } from '../../ui/order/labels';

export type UnitEconomics = components['schemas']['UnitEconomics'];
export type Figures = components['schemas']['UnitEconomicsFigures'];

export interface Range {
  startDate: string;
  endDate: string;
}

/** The server refuses more (1096 days: three years with a leap day). */
export const MAX_RANGE_DAYS = 1096;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

export function isDate(value: string): boolean {
  return DATE.test(value) && dateOf(dayNumber(value)) === value;
}

/** From the first day of the current Moscow month to today. */
export function currentMonth(now: Date = new Date()): Range {
  const today = moscowDate(now);
  return { startDate: `${today.slice(0, 8)}01`, endDate: today };
}

export function lastDays(days: number, now: Date = new Date()): Range {
  const today = moscowDate(now);
  return { startDate: dateOf(dayNumber(today) - days + 1), endDate: today };
}

export const rangeDays = ({ startDate, endDate }: Range) => dayNumber(endDate) - dayNumber(startDate) + 1;

export const RANGE_START_ID = 'stats-start';
export const RANGE_END_ID = 'stats-end';

/** The range form's problems by field id, in Russian. */
export function rangeProblems(range: Range): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!isDate(range.startDate)) problems[RANGE_START_ID] = 'Укажите дату начала периода';
  if (!isDate(range.endDate)) problems[RANGE_END_ID] = 'Укажите дату конца периода';
  if (Object.keys(problems).length > 0) return problems;
  if (range.endDate < range.startDate)
    problems[RANGE_END_ID] = 'Дата конца периода должна быть не раньше даты начала';
  else if (rangeDays(range) > MAX_RANGE_DAYS)
    problems[RANGE_END_ID] = 'Период не может быть длиннее трёх лет';
  return problems;
}

export type SplitKey =
  | 'byDay'
  | 'byWeek'
  | 'byPartner'
  | 'byPickupPoint'
  | 'byDelivery'
  | 'byPayer'
  | 'byAssignee';

export interface Split {
  key: SplitKey;
  label: string;
  group: string;
}

export const SPLITS: readonly [Split, ...Split[]] = [
  { key: 'byDay', label: 'По дням', group: 'День' },
  { key: 'byWeek', label: 'По неделям', group: 'Неделя' },
  { key: 'byPartner', label: 'По партнёрам', group: 'Партнёр' },
  { key: 'byPickupPoint', label: 'По пунктам выдачи', group: 'Пункт выдачи' },
  { key: 'byDelivery', label: 'По способу доставки', group: 'Доставка' },
  { key: 'byPayer', label: 'По плательщику', group: 'Плательщик' },
  { key: 'byAssignee', label: 'По ответственным', group: 'Ответственный' },
];

const shortDate = new Intl.DateTimeFormat('ru-RU', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});
/** '2026-11-20' → «20.11.2026» (the date is a calendar day, so no time zone moves it). */
export const russianDate = (date: string) => shortDate.format(new Date(`${date}T00:00:00Z`));

export interface SplitRow extends Figures {
  key: string;
  group: string;
}

/** The rows of one split, each named for people. */
export function splitRows(stats: UnitEconomics, split: SplitKey): SplitRow[] {
  switch (split) {
    case 'byDay':
      return stats.byDay.map((row) => ({ ...row, key: row.date, group: russianDate(row.date) }));
    case 'byWeek':
      return stats.byWeek.map((row) => ({
        ...row,
        key: row.weekStart,
        group: `${russianDate(row.weekStart)} – ${russianDate(dateOf(dayNumber(row.weekStart) + 6))}`,
      }));
    case 'byPartner':
      return stats.byPartner.map((row) => ({
        ...row,
        key: String(row.partnerId),
        group: row.name ?? 'Без партнёра',
      }));
    case 'byPickupPoint':
      return stats.byPickupPoint.map((row) => ({
        ...row,
        key: String(row.pickupPointId),
        group: row.name ?? 'Не в пункт выдачи',
      }));
    case 'byDelivery':
      return stats.byDelivery.map((row) => ({
        ...row,
        key: row.deliveryType,
        group: DELIVERY_LABELS[row.deliveryType],
      }));
    case 'byPayer':
      return stats.byPayer.map((row) => ({ ...row, key: row.payerType, group: PAYER_LABELS[row.payerType] }));
    case 'byAssignee':
      // An answer stored before the split existed has none: an empty table, not a broken page.
      return (stats.byAssignee ?? []).map((row) => ({
        ...row,
        key: String(row.assigneeId),
        group: row.name ?? 'Без ответственного',
      }));
  }
}

/** Ranges up to two months are drawn by day, longer ones by week (a year of days is a blur). */
export const seriesStep = (range: Range): 'day' | 'week' => (rangeDays(range) <= 62 ? 'day' : 'week');

export interface Series {
  /** Seconds since the epoch at UTC midnight of each day or week's Monday. */
  x: number[];
  revenue: number[];
  cost: number[];
  margin: number[];
}

/** Revenue, cost and margin for every day (or week) of the range, zeros where nothing was ordered. */
export function timeSeries(stats: UnitEconomics, step: 'day' | 'week'): Series {
  const rows = new Map<string, Figures>(
    step === 'day'
      ? stats.byDay.map((row) => [row.date, row])
      : stats.byWeek.map((row) => [row.weekStart, row]),
  );
  let first = dayNumber(stats.startDate);
  // A week is named by its Monday (1970-01-01, day 0, was a Thursday).
  if (step === 'week') first -= (first + 3) % 7;
  const last = dayNumber(stats.endDate);
  const series: Series = { x: [], revenue: [], cost: [], margin: [] };
  for (let day = first; day <= last; day += step === 'day' ? 1 : 7) {
    const row = rows.get(dateOf(day));
    series.x.push(day * 86_400);
    series.revenue.push(row?.revenue ?? 0);
    series.cost.push(row?.cost ?? 0);
    series.margin.push(row?.margin ?? 0);
  }
  return series;
}
