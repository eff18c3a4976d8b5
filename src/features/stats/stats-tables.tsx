/**
 * The statistics in figures: the period's totals as cards (what an owner looks at first), the
 * chosen split as a sortable table with its totals, and the documents' own table. Money in rubles
 * the Russian way; a table wider than a phone scrolls inside its own box.
 */
import { countRu, formatRubles } from '../../domain/format';
import * as page from '../../ui/page.css';
import { DataTable, type TableColumn } from '../../ui/widgets/data-table';
import * as styles from './stats.css';
import type { Figures, SplitRow, UnitEconomics } from './stats-rules';

const count = new Intl.NumberFormat('ru-RU');
const rubles = (value: number | null) => (value === null ? '—' : formatRubles(value));
const percent = (value: number | null) => (value === null ? '—' : `${String(value).replace('.', ',')} %`);

export function TotalsCards({ stats }: { stats: UnitEconomics }) {
  const { totals, assurancesByDay, cancelled, refunds } = stats;
  const card = (label: string, value: string, note?: string) => (
    <div className={styles.total}>
      <dt className={page.muted}>{label}</dt>
      <dd className={styles.totalValue}>{value}</dd>
      {note ? <dd className={styles.totalNote}>{note}</dd> : null}
    </div>
  );
  return (
    <dl className={styles.totals} aria-label="Итоги периода">
      {card('Заказов', count.format(totals.orders), `Средний чек ${rubles(totals.averageOrder)}`)}
      {card('Выручка', rubles(totals.revenue), `Скидки по промокодам ${rubles(totals.promoDiscount)}`)}
      {card('Маржа', rubles(totals.margin), `${percent(totals.marginPercent)} выручки`)}
      {card(
        'Расходы',
        rubles(totals.cost),
        `Переводы ${rubles(totals.documentsCost)} · заверения ${rubles(totals.assurancesCost)} (будни ${rubles(assurancesByDay.weekday)}, сб ${rubles(assurancesByDay.saturday)}, вс ${rubles(assurancesByDay.sunday)}) · доставка ${rubles(totals.deliveryCost)} · прочие документы ${rubles(totals.otherCost)} · комиссия партнёров ${rubles(totals.partnerCommission)}`,
      )}
      {card(
        'Отменённые (не входят в итоги)',
        count.format(cancelled.orders),
        `на ${rubles(cancelled.revenue)}`,
      )}
      {refunds.orders > 0
        ? card('Возвраты (выручка — за их вычетом)', rubles(refunds.amount), refundsNote(refunds))
        : null}
    </dl>
  );
}

/** «2 заказа · в обработке 1 000 ₽ · удержано по частичным возвратам 500 ₽ — в выручке». */
function refundsNote(refunds: UnitEconomics['refunds']): string {
  const parts = [countRu(refunds.orders, ['заказ', 'заказа', 'заказов'])];
  if (refunds.pending > 0) parts.push(`в обработке ${rubles(refunds.pending)}`);
  if (refunds.failed > 0) parts.push(`не прошли ${rubles(refunds.failed)}`);
  if (refunds.kept > 0) parts.push(`удержано по частичным возвратам ${rubles(refunds.kept)} — в выручке`);
  return parts.join(' · ');
}

const money = <Row extends Figures>(name: string, key: keyof Figures): TableColumn<Row> => ({
  name,
  value: (row) => row[key],
  render: (row) => rubles(row[key]),
  className: styles.number,
  sortable: true,
});

export function SplitTable({ caption, group, rows }: { caption: string; group: string; rows: SplitRow[] }) {
  const columns: TableColumn<SplitRow>[] = [
    { name: group, value: 'group', sortable: true },
    { name: 'Заказов', value: 'orders', className: styles.number, sortable: true },
    money('Выручка', 'revenue'),
    money('Скидки', 'promoDiscount'),
    money('Переводы', 'documentsCost'),
    money('Заверения', 'assurancesCost'),
    money('Доставка', 'deliveryCost'),
    money('Прочие док.', 'otherCost'),
    money('Комиссия', 'partnerCommission'),
    money('Расходы', 'cost'),
    money('Маржа', 'margin'),
    {
      name: 'Маржа, %',
      value: 'marginPercent',
      render: (row) => percent(row.marginPercent),
      className: styles.number,
      sortable: true,
    },
    money('Средний чек', 'averageOrder'),
  ];
  return <DataTable caption={caption} columns={columns} rows={rows} rowKey={(row) => row.key} />;
}

type DocumentRow = UnitEconomics['byDocument'][number];

export function DocumentTable({ stats }: { stats: UnitEconomics }) {
  const columns: TableColumn<DocumentRow>[] = [
    { name: 'Документ', value: 'type', sortable: true },
    { name: 'Заказов', value: 'orders', className: styles.number, sortable: true },
    { name: 'Копий', value: 'copies', className: styles.number, sortable: true },
    {
      name: 'Выручка',
      value: 'revenue',
      render: (row) => rubles(row.revenue),
      className: styles.number,
      sortable: true,
    },
    {
      name: 'Себестоимость',
      value: 'cost',
      render: (row) => rubles(row.cost),
      className: styles.number,
      sortable: true,
    },
  ];
  return (
    <DataTable
      caption="По типам документов (цены строк до скидки, без доставки)"
      columns={columns}
      rows={stats.byDocument}
      rowKey={(row) => `${row.documentId} ${row.type}`}
    />
  );
}
