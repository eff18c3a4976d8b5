/**
 * /crm/tariffs: the price list — documents (price, cost, working days), assurances (price, cost,
 * weekday, Saturday and Sunday costs, the notary's days), deliveries (price, time) — each row
 * opening its card. A table on a
 * wide page; it scrolls inside its own box on a phone. Readable offline with its age.
 */
import { Link } from '@tanstack/react-router';
import { useCachedQuery } from '../../api/use-cached-query';
import { DataFreshness } from '../../ui/data-freshness';
import * as page from '../../ui/page.css';
import { QueryState } from '../../ui/query-state';
import { DataTable, type TableColumn } from '../../ui/widgets/data-table';
import * as styles from './catalogue.css';
import {
  type Assurance,
  type CatalogueItem,
  type Delivery,
  type DocumentType,
  fieldsOf,
  KINDS,
  type Kind,
} from './kinds';
import { tariffId } from './settings-section';

const nameColumn = <T extends CatalogueItem>(kind: Kind): TableColumn<T> => ({
  name: 'Название',
  value: (row) => row.type,
  sortable: true,
  render: (row) => (
    <span className={styles.rowHead}>
      <Link to="/crm/tariffs/$id" params={{ id: tariffId(kind, row.id) }}>
        {row.type}
      </Link>
      {row.isActive ? null : <span className={styles.hidden}>скрыт</span>}
    </span>
  ),
});

/**
 * The money columns of a kind, named as its form names the fields («Цена для клиента, ₽»,
 * «Себестоимость в субботу, ₽»), so a column never leaves it to guess whether it is a price or a cost.
 */
const moneyColumns = <T extends CatalogueItem>(kind: Kind): TableColumn<T>[] =>
  fieldsOf(kind)
    .filter((field) => field.type === 'money')
    .map((field) => ({
      name: field.label,
      value: (row: T) => Number((row as unknown as Record<string, number>)[field.key] ?? 0),
      className: styles.moneyColumn,
      sortable: true,
    }));

const DOCUMENT_COLUMNS: TableColumn<DocumentType>[] = [
  nameColumn('DOCUMENT'),
  ...moneyColumns<DocumentType>('DOCUMENT'),
  {
    name: 'Срок, раб. дней',
    value: (row) => row.leadDays ?? 2,
    className: styles.moneyColumn,
    sortable: true,
  },
];
const ASSURANCE_COLUMNS: TableColumn<Assurance>[] = [
  nameColumn('ASSURANCE'),
  ...moneyColumns<Assurance>('ASSURANCE'),
  {
    name: 'У нотариуса, дней',
    value: (row) => row.notaryDays ?? 0,
    className: styles.moneyColumn,
    sortable: true,
  },
];
const DELIVERY_COLUMNS: TableColumn<Delivery>[] = [
  nameColumn('DELIVERY'),
  ...moneyColumns<Delivery>('DELIVERY'),
  { name: 'Срок', value: 'time' },
];

export function TariffsPage() {
  const documents = useCachedQuery(KINDS.DOCUMENT.list);
  const assurances = useCachedQuery(KINDS.ASSURANCE.list);
  const deliveries = useCachedQuery(KINDS.DELIVERY.list);
  return (
    <section className={page.stack} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        Тарифы
      </h1>
      <p className={page.muted}>
        Цены для клиента и себестоимость бюро. Откройте строку, чтобы изменить цену и увидеть историю.
      </p>
      <DataFreshness of={documents} />
      {documents.data ? (
        <DataTable
          caption="Документы"
          columns={DOCUMENT_COLUMNS}
          rows={documents.data}
          rowKey={(row) => row.id}
        />
      ) : (
        <QueryState what="тарифы" error={documents.error} onRetry={() => void documents.refetch()} />
      )}
      {assurances.data ? (
        <DataTable
          caption="Заверения"
          columns={ASSURANCE_COLUMNS}
          rows={assurances.data}
          rowKey={(row) => row.id}
        />
      ) : null}
      {deliveries.data ? (
        <DataTable
          caption="Способы получения"
          columns={DELIVERY_COLUMNS}
          rows={deliveries.data}
          rowKey={(row) => row.id}
        />
      ) : null}
    </section>
  );
}
