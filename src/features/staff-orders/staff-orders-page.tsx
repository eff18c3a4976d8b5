/**
 * /crm/home (Заявки) and /crm/mine (Мои заказы, the orders assigned to the signed-in person): the
 * office's orders, filtered, searched, sorted and paged on the server, the whole view in the
 * address so a link reproduces it. Read through the stored copy, so the
 * last list opens offline with its age; each row moves its order with the status changer.
 */
import { Link } from '@tanstack/react-router';
import { useCachedQuery } from '../../api/use-cached-query';
import type { Role } from '../../domain/roles';
import { DataFreshness } from '../../ui/data-freshness';
import * as page from '../../ui/page.css';
import { LoadingState, loadingOf } from '../../ui/widgets/loading-state';
import { Pagination } from '../../ui/widgets/pagination';
import {
  DEFAULT_DIRECTION,
  DEFAULT_SORT,
  hasFilters,
  MAX_PAGE,
  STAFF_ORDERS_PAGE_SIZE,
  type StaffOrderSearch,
  toListQuery,
} from './list-search';
import { OrderFilters, type ViewChangeOptions } from './order-filters';
import { OrderRows } from './order-rows';
import * as styles from './staff-orders.css';
import { useNarrowScreen } from './use-narrow-screen';

export interface StaffOrdersPageProps {
  view: StaffOrderSearch;
  onViewChange: (view: StaffOrderSearch, options?: ViewChangeOptions) => void;
  role: Role;
  /** «Мои заказы»: only the orders assigned to the signed-in person. */
  mine?: boolean;
}

const count = new Intl.NumberFormat('ru-RU');

/** «Найдено: 37», or «более 1 000» when the server stopped counting. */
export function totalText(total: number, capped: boolean): string {
  return capped ? `Найдено: более ${count.format(total)}` : `Найдено: ${count.format(total)}`;
}

/** Pages to offer: all of a counted total; past a capped one, always one more, up to the offset limit. */
export function pageCount(total: number, capped: boolean, page: number): number {
  const counted = Math.ceil(total / STAFF_ORDERS_PAGE_SIZE);
  return capped ? Math.min(MAX_PAGE, Math.max(counted, page + 1)) : counted;
}

export function StaffOrdersPage({ view, onViewChange, role, mine = false }: StaffOrdersPageProps) {
  const narrow = useNarrowScreen();
  const query = useCachedQuery('/api/order', {
    params: { query: toListQuery(mine ? { ...view, assignee: 'me' } : view) },
  });
  const partners = useCachedQuery('/api/partner').data ?? [];
  const assignees = useCachedQuery('/api/order/assignees').data ?? [];
  const orders = query.data;
  const pageNumber = view.page ?? 1;
  const filtered = hasFilters(view);

  return (
    <section className={page.stack} aria-labelledby="page-title">
      <div className={styles.header}>
        <h1 id="page-title" className={page.title}>
          {mine ? 'Мои заказы' : 'Заявки'}
        </h1>
        <DataFreshness of={query} />
      </div>
      <nav aria-label="Какие заявки показать" className={styles.tabs}>
        <Link to="/crm/home" className={styles.tab} aria-current={mine ? undefined : 'page'}>
          Все заявки
        </Link>
        <Link to="/crm/mine" className={styles.tab} aria-current={mine ? 'page' : undefined}>
          Мои заказы
        </Link>
      </nav>
      <OrderFilters
        view={view}
        onViewChange={onViewChange}
        partners={partners}
        assignees={mine ? null : assignees}
        narrow={narrow}
      />
      <LoadingState what="заявки" {...loadingOf(query)}>
        {orders ? (
          <>
            <p className={styles.summary} aria-live="polite">
              <span>{totalText(orders.total, orders.totalCapped)}</span>
              {query.isFetching ? <span>Обновляем…</span> : null}
            </p>
            {/* Offline is said by DataFreshness; any other failure of the refresh is said here. */}
            {query.error && !query.isOffline ? (
              <p role="alert" className={page.errorText}>
                {query.error.message}
              </p>
            ) : null}
            <OrderRows
              orders={orders.items}
              role={role}
              narrow={narrow}
              sort={view.sort ?? DEFAULT_SORT}
              direction={view.direction ?? DEFAULT_DIRECTION}
              onSortChange={(sort, direction) => onViewChange({ ...view, sort, direction, page: undefined })}
              onChanged={() => void query.refetch()}
              emptyText={
                filtered
                  ? 'Ничего не найдено. Измените условия поиска.'
                  : mine
                    ? 'На вас пока не назначено ни одного заказа. Назначить заказ можно в его карточке.'
                    : 'Нет данных'
              }
            />
            <Pagination
              page={pageNumber}
              pageCount={pageCount(orders.total, orders.totalCapped, pageNumber)}
              onPageChange={(next) => onViewChange({ ...view, page: next === 1 ? undefined : next })}
            />
          </>
        ) : null}
      </LoadingState>
    </section>
  );
}
