/**
 * /crm/tariffs/{kind-id} (document-5, assurance-2, delivery-3): one price list item — its form
 * (name, price, costs; shown or hidden in the order form) and its change history (who, when,
 * old → new). Read from the stored list, so it opens offline with its age.
 */
import { Link } from '@tanstack/react-router';
import { type CachedQuery, useCachedQuery } from '../../api/use-cached-query';
import { ChangeHistory } from '../../ui/change-history';
import { DataFreshness } from '../../ui/data-freshness';
import * as page from '../../ui/page.css';
import { useRefinedPageTitle } from '../../ui/page-title';
import { QueryState } from '../../ui/query-state';
import { ItemForm } from './item-form';
import { type CatalogueItem, HISTORY_NAMES, KINDS, type Kind } from './kinds';

/** «document-5» → { kind: 'DOCUMENT', id: 5 }; null for anything else. */
export function parseTariffId(value: string): { kind: Kind; id: number } | null {
  const match = /^(document|assurance|delivery)-([1-9]\d{0,9})$/.exec(value);
  if (!match) return null;
  const id = Number(match[2]);
  if (id > 2147483647) return null;
  return { kind: (match[1] as string).toUpperCase() as Kind, id };
}

export function TariffCardPage({ kind, id }: { kind: Kind; id: number }) {
  const query: CachedQuery<CatalogueItem[]> = useCachedQuery(KINDS[kind].list);
  const item = query.data?.find((row) => row.id === id);
  useRefinedPageTitle(item ? `Тариф: ${item.type}` : undefined);
  return (
    <section className={page.stack} aria-labelledby="page-title">
      <p>
        <Link to="/crm/tariffs">← Все тарифы</Link>
      </p>
      <h1 id="page-title" className={page.title}>
        {item ? item.type : `Тариф №${id}`}
      </h1>
      <p className={page.muted}>{KINDS[kind].title}</p>
      <DataFreshness of={query} />
      {item ? (
        <section className={page.card} aria-labelledby="tariff-form">
          <h2 id="tariff-form" className={page.subtitle}>
            Цена и себестоимость
          </h2>
          <ItemForm kind={kind} item={item} offline={query.isOffline} onSaved={query.refetch} />
        </section>
      ) : query.data ? (
        <p role="alert" className={page.errorText}>
          Такой записи нет: её удалили или адрес набран с ошибкой.
        </p>
      ) : (
        <QueryState what="тариф" error={query.error} onRetry={() => void query.refetch()} />
      )}
      <ChangeHistory entity={kind} entityId={id} names={HISTORY_NAMES} record={item} />
    </section>
  );
}
