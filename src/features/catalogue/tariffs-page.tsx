/**
 * /crm/tariffs: the price list — documents (price, cost), assurances (price, cost, weekday,
 * Saturday and Sunday costs), deliveries (price, time) — each row opening its card. A table on a
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

const money = <T,>(name: string, value: (row: T) => number): TableColumn<T> => ({
  name,
  value,
  sortable: true,
});

const DOCUMENT_COLUMNS: TableColumn<DocumentType>[] = [
  nameColumn('DOCUMENT'),
  money('Цена, ₽', (row) => row.price),
  money('Себестоимость, ₽', (row) => row.cost),
];
const ASSURANCE_COLUMNS: TableColumn<Assurance>[] = [
  nameColumn('ASSURANCE'),
  money('Цена, ₽', (row) => row.price),
  money('Себестоимость, ₽', (row) => row.cost),
  money('Будни, ₽', (row) => row.costWeekday),
  money('Суббота, ₽', (row) => row.costSaturday),
  money('Воскресенье, ₽', (row) => row.costSunday),
];
const DELIVERY_COLUMNS: TableColumn<Delivery>[] = [
  nameColumn('DELIVERY'),
  money('Цена, ₽', (row) => row.price),
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
