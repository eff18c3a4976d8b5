/**
 * /cabinet/orders: the customer's orders, newest first, filtered by status and organization
 * (the filters live in the address), each with what the customer must do next. Read through the
 * stored copy, so the list opens offline with its age.
 */
import { Link } from '@tanstack/react-router';
import { useCachedQuery } from '../../api/use-cached-query';
import { formatDay } from '../../domain/day-text';
import { formatDate, formatRubles } from '../../domain/format';
import { languageList } from '../../domain/languages';
import { isInWork, type OrderStatus, warnsPlacedWithoutSignIn } from '../../domain/order-status';
import { button } from '../../ui/button';
import { MessagesBadge } from '../../ui/conversation/messages-badge';
import { DataFreshness } from '../../ui/data-freshness';
import { OrderNumber } from '../../ui/order/order-number';
import * as widgets from '../../ui/order/order-widgets.css';
import { PLACED_WITHOUT_SIGN_IN } from '../../ui/order/placed-without-sign-in';
import { StatusBadge } from '../../ui/order/status-badge';
import { StatusFilter } from '../../ui/order/status-filter';
import * as page from '../../ui/page.css';
import { QueryState } from '../../ui/query-state';
import { SelectField } from '../../ui/select-field';
import { Pagination } from '../../ui/widgets/pagination';
import * as styles from './cabinet.css';
import type { MyOrderSummary } from './cabinet-types';
import { NextStepLine } from './next-step-line';

export const ORDERS_PAGE_SIZE = 20;

export interface OrderFilters {
  status?: OrderStatus;
  organizationId?: number;
  page?: number;
}

export interface OrdersPageProps {
  filters: OrderFilters;
  onFiltersChange: (filters: OrderFilters) => void;
}

export function OrdersPage({ filters, onFiltersChange }: OrdersPageProps) {
  const pageNumber = filters.page ?? 1;
  const query = useCachedQuery('/api/user/orders', {
    params: {
      query: {
        status: filters.status,
        organizationId: filters.organizationId,
        limit: ORDERS_PAGE_SIZE,
        offset: (pageNumber - 1) * ORDERS_PAGE_SIZE,
      },
    },
  });
  const organization = useCachedQuery('/api/user/organization').data?.organization ?? null;
  const filtered = filters.status !== undefined || filters.organizationId !== undefined;
  const orders = query.data;

  return (
    <section className={page.stack} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        Мои заказы
      </h1>
      <DataFreshness of={query} />
      <div className={styles.filters}>
        <StatusFilter
          id="orders-status"
          value={filters.status}
          onChange={(status) => onFiltersChange({ ...filters, status, page: undefined })}
        />
        {organization || filters.organizationId !== undefined ? (
          <SelectField
            id="orders-organization"
            label="Плательщик"
            value={filters.organizationId === undefined ? '' : String(filters.organizationId)}
            placeholder="Все заказы"
            options={[
              ...(organization ? [{ value: String(organization.id), label: organization.name }] : []),
              ...(filters.organizationId !== undefined && filters.organizationId !== organization?.id
                ? [{ value: String(filters.organizationId), label: `Организация №${filters.organizationId}` }]
                : []),
            ]}
            onValueChange={(value) =>
              onFiltersChange({
                ...filters,
                organizationId: value ? Number(value) : undefined,
                page: undefined,
              })
            }
          />
        ) : null}
      </div>
      {orders === undefined ? (
        <QueryState what="заказы" error={query.error} onRetry={() => void query.refetch()} />
      ) : orders.items.length === 0 ? (
        <EmptyOrders filtered={filtered} onReset={() => onFiltersChange({})} />
      ) : (
        <>
          <p className={page.muted}>Всего заказов: {orders.total}</p>
          <ul className={widgets.list} aria-label="Заказы">
            {orders.items.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </ul>
          <Pagination
            page={pageNumber}
            pageCount={Math.ceil(orders.total / ORDERS_PAGE_SIZE)}
            onPageChange={(next) => onFiltersChange({ ...filters, page: next === 1 ? undefined : next })}
          />
        </>
      )}
    </section>
  );
}

function OrderRow({ order }: { order: MyOrderSummary }) {
  const documents = order.documents
    .map(
      (line) =>
        `${line.type} × ${line.quantity}${(line.targetLanguages?.length ?? 0) > 1 ? ` (${languageList(line.targetLanguages)})` : ''}`,
    )
    .join(', ');
  return (
    <li className={styles.row}>
      <div className={styles.rowMain}>
        <Link to="/cabinet/orders/$id" params={{ id: String(order.id) }} className={styles.rowTitle}>
          Заказ <OrderNumber number={order.number} />
        </Link>
        <span className={page.muted}>
          от <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
          {documents ? ` · ${documents}` : null}
          {order.dueDate && isInWork(order.status)
            ? ` · ${order.urgent ? 'срочно, ' : ''}готов к ${formatDay(order.dueDate)}`
            : null}
          {order.organizationName ? ` · ${order.organizationName}` : null}
          {order.placedWithoutSignIn && warnsPlacedWithoutSignIn(order.status)
            ? ` · ${PLACED_WITHOUT_SIGN_IN}`
            : null}
        </span>
      </div>
      <div className={styles.rowAside}>
        <StatusBadge status={order.status} />
        <MessagesBadge count={order.unreadMessages} />
      </div>
      <div className={styles.rowAside}>
        <span className={widgets.amount}>{formatRubles(order.amount)}</span>
      </div>
      <NextStepLine order={order} />
    </li>
  );
}

function EmptyOrders({ filtered, onReset }: { filtered: boolean; onReset: () => void }) {
  if (filtered) {
    return (
      <div className={page.card}>
        <p>Нет заказов с такими условиями.</p>
        <p>
          <button type="button" className={button({ tone: 'secondary' })} onClick={onReset}>
            Показать все заказы
          </button>
        </p>
      </div>
    );
  }
  return (
    <div className={page.card}>
      <p>У вас пока нет заказов.</p>
      <p>
        <Link to="/order/step-1" className={button({ tone: 'primary' })}>
          Оформить заказ
        </Link>
      </p>
    </div>
  );
}
