/**
 * The statistics table as a CSV file a Russian Excel opens by a double click: UTF-8 with a byte
 * order mark (without it Excel reads Windows-1251 and the Cyrillic turns to mojibake), semicolons
 * between fields (a comma is the decimal separator there), decimals with a comma and no thousands
 * separator (so every amount stays a number), CRLF line ends.
 *
 * Names come from people (a partner names its pickup points): a text cell that starts with =, +,
 * -, @, a tab or a carriage return would run as a formula in Excel, so it is written the way OWASP
 * recommends against CSV injection — a leading apostrophe, inside quotes. Amounts are numbers this
 * code formats itself, so a loss («-50») stays a number.
 */
import { russianDate, type SplitRow, type UnitEconomics } from './stats-rules';

type Cell = string | number | null;

const COLUMNS: readonly [string, (row: SplitRow) => Cell][] = [
  ['Заказов', (row) => row.orders],
  ['Выручка, ₽', (row) => row.revenue],
  ['Скидки по промокодам, ₽', (row) => row.promoDiscount],
  ['Переводы, ₽', (row) => row.documentsCost],
  ['Заверения, ₽', (row) => row.assurancesCost],
  ['Доставка, ₽', (row) => row.deliveryCost],
  ['Прочие документы, ₽', (row) => row.otherCost],
  ['Комиссия партнёров, ₽', (row) => row.partnerCommission],
  ['Расходы, ₽', (row) => row.cost],
  ['Маржа, ₽', (row) => row.margin],
  ['Маржа, %', (row) => row.marginPercent],
  ['Средний чек, ₽', (row) => row.averageOrder],
];

/** What makes a spreadsheet read a text cell as a formula (OWASP, CSV Injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

function field(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell).replace('.', ',');
  if (FORMULA_START.test(cell)) return `"'${cell.replaceAll('"', '""')}"`;
  return /[;"\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

const line = (cells: readonly Cell[]) => cells.map(field).join(';');

/** The rows of one split with the period's totals, and the cancelled orders and refunds apart. */
export function statsCsv(stats: UnitEconomics, groupName: string, rows: readonly SplitRow[]): string {
  const lines = [
    line([`Период: ${russianDate(stats.startDate)} – ${russianDate(stats.endDate)}`]),
    line([groupName, ...COLUMNS.map(([name]) => name)]),
    ...rows.map((row) => line([row.group, ...COLUMNS.map(([, value]) => value(row))])),
    line(['Итого', ...COLUMNS.map(([, value]) => value({ ...stats.totals, key: '', group: '' }))]),
    line(['Отменённые (не входят в итоги)', stats.cancelled.orders, stats.cancelled.revenue]),
    line([
      'Возвраты (выручка указана за их вычетом)',
      stats.refunds.orders,
      stats.refunds.amount,
      'в обработке',
      stats.refunds.pending,
      'не прошли',
      stats.refunds.failed,
      'удержано',
      stats.refunds.kept,
    ]),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export const csvFileName = (stats: UnitEconomics) => `statistika_${stats.startDate}_${stats.endDate}.csv`;
