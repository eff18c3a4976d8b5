/**
 * /crm/orders for a PARTNER, on a phone first: the orders of the partner's pickup points as cards,
 * newest first, filtered by status and searched by number, name or phone (the filters live in the
 * address). Read through the stored copy, so the list opens offline with its age; a move made
 * offline waits in the outbox (src/outbox/status-changes.ts) and shows on its card until it is sent.
 */
import { Link } from '@tanstack/react-router';
import { useDataLayer } from '../../api/data-layer';
import { useCachedQuery } from '../../api/use-cached-query';
import { useLiveQuery } from '../../db/live-query';
import type { OrderStatus } from '../../domain/order-status';
import { replayFromPage } from '../../outbox/page-outbox';
import { dismissStatusChange, waitingStatusChanges } from '../../outbox/status-changes';
import { button } from '../../ui/button';
import { DataFreshness } from '../../ui/data-freshness';
import { StatusFilter } from '../../ui/order/status-filter';
import * as page from '../../ui/page.css';
import { QueryState } from '../../ui/query-state';
import { Pagination } from '../../ui/widgets/pagination';
import { OrderCard } from './order-card';
import * as styles from './partner-orders.css';
import { SearchForm } from './search-form';
import { usePartnerMoves } from './use-partner-moves';
import { useSettledChanges, useStatusChanges } from './use-status-changes';

export const PARTNER_PAGE_SIZE = 20;

export interface PartnerOrderFilters {
  status?: OrderStatus;
  search?: string;
  page?: number;
}

export interface PartnerOrdersPageProps {
  filters: PartnerOrderFilters;
  onFiltersChange: (filters: PartnerOrderFilters) => void;
}

/** `role`: the back-office session's, which the route reads. */
export function PartnerOrdersPage({ role, ...props }: PartnerOrdersPageProps & { role: string }) {
  return (
    <section className={page.stack} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        Заказы
      </h1>
      {role === 'PARTNER' ? <PartnerOrders {...props} /> : <NotAPartner role={role} />}
    </section>
  );
}

function PartnerOrders({ filters, onFiltersChange }: PartnerOrdersPageProps) {
  const { db } = useDataLayer();
  const pageNumber = filters.page ?? 1;
  const query = useCachedQuery('/api/order/partner', {
    params: {
      query: {
        status: filters.status,
        search: filters.search,
        sort: 'createdAt',
        direction: 'desc',
        limit: PARTNER_PAGE_SIZE,
        offset: (pageNumber - 1) * PARTNER_PAGE_SIZE,
      },
    },
  });
  const orders = query.data;
  const changes = useStatusChanges(db, orders?.items.map((order) => order.id) ?? []);
  const moves = usePartnerMoves();
  useSettledChanges(changes, query);

  const filtered = filters.status !== undefined || filters.search !== undefined;
  return (
    <>
      <p className={page.muted}>Заказы, которые приходят в ваши пункты выдачи, — сначала новые.</p>
      <DataFreshness of={query} />
      <QueuedChanges onSend={() => void replayFromPage(db, true)} />
      <div className={styles.toolbar}>
        <SearchForm
          value={filters.search ?? ''}
          onSearch={(search) => onFiltersChange({ ...filters, search, page: undefined })}
        />
        <StatusFilter
          id="partner-orders-status"
          value={filters.status}
          onChange={(status) => onFiltersChange({ ...filters, status, page: undefined })}
        />
      </div>
      {moves.problem ? (
        <p role="alert" className={page.errorText}>
          {moves.problem}
        </p>
      ) : null}
      {orders === undefined ? (
        <QueryState what="заказы" error={query.error} onRetry={() => void query.refetch()} />
      ) : orders.items.length === 0 ? (
        <div className={page.card}>
          <p>
            {filtered
              ? 'Нет заказов с такими условиями.'
              : 'В ваши пункты выдачи пока не пришло ни одного заказа.'}
          </p>
          {filtered ? (
            <p>
              <button
                type="button"
                className={button({ tone: 'secondary' })}
                onClick={() => onFiltersChange({})}
              >
                Показать все заказы
              </button>
            </p>
          ) : null}
        </div>
      ) : (
        <>
          <p className={page.muted}>
            Всего заказов: {orders.total}
            {orders.totalCapped ? '+' : ''}
          </p>
          <ul className={styles.cards} aria-label="Заказы пунктов выдачи">
            {orders.items.map((order) => (
              <OrderCard
                key={order.id}
                order={order}
                change={changes.get(order.id)}
                onMove={moves.request}
                onRetry={moves.send}
                linked
                onDismiss={(entryId) => void dismissStatusChange(db, entryId).then(() => query.refetch())}
              />
            ))}
          </ul>
          <Pagination
            page={pageNumber}
            pageCount={Math.ceil(orders.total / PARTNER_PAGE_SIZE)}
            onPageChange={(next) => onFiltersChange({ ...filters, page: next === 1 ? undefined : next })}
          />
        </>
      )}
      {moves.confirm}
    </>
  );
}

/** «Изменений ждут отправки: N» while status changes wait for the network, on any page of the list. */
function QueuedChanges({ onSend }: { onSend: () => void }) {
  const { db } = useDataLayer();
  const waiting = useLiveQuery(() => waitingStatusChanges(db), [db]);
  if (!waiting) return null;
  return (
    <div className={styles.queued} role="status">
      <span>Изменений статуса ждут отправки: {waiting}</span>
      <button type="button" className={button({ tone: 'secondary' })} onClick={onSend}>
        Отправить сейчас
      </button>
    </div>
  );
}

function NotAPartner({ role }: { role: string }) {
  const office = role === 'ADMIN' || role === 'MANAGER';
  return (
    <div className={page.card}>
      <p>Здесь партнёры видят заказы своих пунктов выдачи.</p>
      {office ? (
        <p>
          <Link to="/crm/home" className={button({ tone: 'primary' })}>
            Перейти к заявкам
          </Link>
        </p>
      ) : null}
    </div>
  );
}
