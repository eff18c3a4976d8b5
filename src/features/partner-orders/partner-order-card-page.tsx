/**
 * /crm/orders/{id} for a PARTNER: one order of the partner's points as the counter needs it — who
 * collects it, the phone, what to hand over, the moves the point may make now (queued offline like
 * the list's) and when the order moved. Nothing of the money, the email or the files: the server
 * sends none of it (GET /api/order/partner/{id}). Read through the stored copy, so it opens offline
 * with its age.
 */
import { Link } from '@tanstack/react-router';
import { useDataLayer } from '../../api/data-layer';
import { useCachedQuery } from '../../api/use-cached-query';
import { formatDateTime } from '../../domain/format';
import { ORDER_STATUS_LABELS } from '../../domain/order-status';
import { ROLE_LABELS } from '../../domain/roles';
import { dismissStatusChange } from '../../outbox/status-changes';
import { DataFreshness } from '../../ui/data-freshness';
import * as page from '../../ui/page.css';
import { useRefinedPageTitle } from '../../ui/page-title';
import { QueryState } from '../../ui/query-state';
import { OrderCard } from './order-card';
import * as styles from './partner-orders.css';
import { usePartnerMoves } from './use-partner-moves';
import { useSettledChanges, useStatusChanges } from './use-status-changes';

export function PartnerOrderCardPage({ orderId }: { orderId: number }) {
  const { db } = useDataLayer();
  const query = useCachedQuery('/api/order/partner/{id}', { params: { path: { id: orderId } } });
  const detail = query.data;
  const changes = useStatusChanges(db, [orderId]);
  const moves = usePartnerMoves();
  useSettledChanges(changes, query);
  useRefinedPageTitle(detail ? `Заказ № ${detail.order.number}` : undefined);
  return (
    <section className={page.stack} aria-labelledby="page-title">
      <p>
        <Link to="/crm/orders">← Все заказы</Link>
      </p>
      <h1 id="page-title" className={page.title}>
        Заказ № {detail?.order.number ?? orderId}
      </h1>
      <DataFreshness of={query} />
      {moves.problem ? (
        <p role="alert" className={page.errorText}>
          {moves.problem}
        </p>
      ) : null}
      {detail ? (
        <>
          <OrderCard
            as="article"
            heading="Выдача заказа"
            order={detail.order}
            change={changes.get(orderId)}
            onMove={moves.request}
            onRetry={moves.send}
            onDismiss={(entryId) => void dismissStatusChange(db, entryId).then(() => query.refetch())}
          />
          <section className={styles.card} aria-labelledby="partner-history-title">
            <h2 id="partner-history-title" className={styles.number}>
              История статусов
            </h2>
            <ol className={styles.history}>
              {[...detail.history].reverse().map((move) => (
                <li key={move.id}>
                  <time dateTime={move.createdAt}>{formatDateTime(move.createdAt)}</time>
                  {' — '}
                  {move.fromStatus ? `${ORDER_STATUS_LABELS[move.fromStatus]} → ` : ''}
                  {ORDER_STATUS_LABELS[move.status]}
                  {move.actorRole ? (
                    <span className={page.muted}> ({ROLE_LABELS[move.actorRole]})</span>
                  ) : null}
                  {move.comment ? <span className={styles.historyComment}>{move.comment}</span> : null}
                </li>
              ))}
            </ol>
          </section>
        </>
      ) : (
        <QueryState what="заказ" error={query.error} onRetry={() => void query.refetch()} />
      )}
      {moves.confirm}
    </section>
  );
}
