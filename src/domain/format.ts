/**
 * Money and dates in the Russian locale, the one way the whole product writes them (screens,
 * e-mails, invoices). Intl with 'ru-RU' puts no-break spaces between thousands and before ₽.
 */
import { onFirstUse } from './on-first-use';

const RU = 'ru-RU';

const NBSP = '\u00a0';

/** Digits grouped by three with no-break spaces, as ru-RU writes them: «1 234 567». */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, NBSP);
}

/**
 * 1200 → «1 200 ₽», 1500.5 → «1 500,50 ₽»: kopecks only when there are some. Written by hand, to
 * the character what Intl.NumberFormat('ru-RU', currency RUB) writes (format.test.ts holds the two
 * side by side): a page's first Intl.NumberFormat loads ICU's number data, about 17 ms of a fast
 * desktop's main thread and four times that on a cheap phone, before step 1 can show a price.
 * Kopecks are rounded half away from zero on the decimal value, as Intl does (1.005 → «1,01 ₽»).
 */
export function formatRubles(amount: number): string {
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  const magnitude = Math.abs(amount);
  if (Number.isInteger(magnitude)) return `${sign}${groupThousands(BigInt(magnitude).toString())}${NBSP}₽`;
  const kopecks = Math.round(Number((magnitude * 100).toPrecision(15)));
  const rubles = groupThousands(String(Math.floor(kopecks / 100)));
  return `${sign}${rubles},${String(kopecks % 100).padStart(2, '0')}${NBSP}₽`;
}

const dayMonthTime = onFirstUse(
  () =>
    new Intl.DateTimeFormat(RU, {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }),
);
const dayMonthYearTime = onFirstUse(
  () =>
    new Intl.DateTimeFormat(RU, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);
const tableDate = onFirstUse(
  () => new Intl.DateTimeFormat(RU, { day: '2-digit', month: 'short', year: 'numeric' }),
);

/** «22 нояб., 14:05»; the year is added when it is not the current one. */
export function formatDateTime(value: Date | number | string, now: Date = new Date()): string {
  const date = new Date(value);
  const format = date.getFullYear() === now.getFullYear() ? dayMonthTime : dayMonthYearTime;
  return format().format(date);
}

/** Table cells (DD MMM YYYY): «22 нояб. 2025 г.». */
export function formatDate(value: Date | number | string): string {
  return tableDate().format(new Date(value));
}

/** A noun's forms after a count: одно уведомление, два уведомления, пять уведомлений. */
export type NounForms = readonly [one: string, few: string, many: string];

/** Which form of a noun follows a count: 1, 21, 101 → one; 2–4, 22 → few; 0, 5–20, 111 → many. */
export function pluralForm(count: number, forms: NounForms): string {
  const lastTwo = count % 100;
  const last = count % 10;
  if (lastTwo >= 11 && lastTwo <= 19) return forms[2];
  if (last === 1) return forms[0];
  if (last >= 2 && last <= 4) return forms[1];
  return forms[2];
}

/** «1 непрочитанное», «3 непрочитанных»: the count and its word. */
export function countOf(count: number, forms: NounForms): string {
  return `${count} ${pluralForm(count, forms)}`;
}

const pluralRules = onFirstUse(() => new Intl.PluralRules(RU));

/** A count with its noun in the right Russian form: countRu(3, ['день', 'дня', 'дней']) → «3 дня». */
export function countRu(count: number, [one, few, many]: readonly [string, string, string]): string {
  const rule = pluralRules().select(count);
  return `${count} ${rule === 'one' ? one : rule === 'few' ? few : many}`;
}
