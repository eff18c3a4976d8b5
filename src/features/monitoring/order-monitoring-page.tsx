/**
 * /crm/monitoring/order/{orderId}: one order's processing — its tasks in every queue (status,
 * attempts, error; a failed one can be run again) and its event log, newest first. Opened by id
 * or number; refreshed every 30 s; offline it shows the stored copy with its age.
 */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { isApiError } from '../../api/errors';
import { useCachedQuery } from '../../api/use-cached-query';
import { formatDateTime } from '../../domain/format';
import { button } from '../../ui/button';
import { DataFreshness } from '../../ui/data-freshness';
import { OrderNumber } from '../../ui/order/order-number';
import { StatusBadge } from '../../ui/order/status-badge';
import * as page from '../../ui/page.css';
import { useRefinedPageTitle } from '../../ui/page-title';
import { QueryState } from '../../ui/query-state';
import { useNotices } from '../../ui/widgets/notices';
import { JobList } from './job-card';
import { detailsOf, eventLabel } from './labels';
import * as styles from './monitoring.css';
import type { OrderEvent, OrderMonitoring, QueueJob } from './monitoring-types';
import { useAutoRefresh } from './use-auto-refresh';
import { useFailureNotice } from './use-failure-notice';

export function OrderMonitoringPage({ orderRef }: { orderRef: string }) {
  const query = useCachedQuery('/api/admin/order-monitoring/order/{orderId}', {
    params: { path: { orderId: orderRef } },
  });
  useAutoRefresh(() => void query.refetch());
  const notFound = query.error?.status === 404;
  useFailureNotice(notFound ? null : query.error, 'Ошибка загрузки данных мониторинга');
  const monitoring = query.data?.data;
  useRefinedPageTitle(monitoring ? `Мониторинг заказа № ${monitoring.order.number}` : undefined);
  return (
    <section className={page.stack} aria-labelledby="page-title">
      <p>
        <Link to="/crm/monitoring">← Мониторинг</Link>
      </p>
      <h1 id="page-title" className={page.title}>
        Мониторинг заказа <OrderNumber number={monitoring?.order.number ?? orderRef} />
      </h1>
      <DataFreshness of={query} />
      {monitoring ? (
        <OrderProcessing monitoring={monitoring} offline={query.isOffline} onChanged={query.refetch} />
      ) : notFound ? (
        <div role="alert" className={page.card}>
          <p>Заказ «{orderRef}» не найден. Проверьте номер или id.</p>
          <p>
            <Link to="/crm/monitoring">Вернуться к поиску</Link>
          </p>
        </div>
      ) : (
        <QueryState what="мониторинг заказа" error={query.error} onRetry={() => void query.refetch()} />
      )}
    </section>
  );
}

function OrderProcessing(props: {
  monitoring: OrderMonitoring;
  offline: boolean;
  onChanged: () => Promise<void>;
}) {
  const { order, events, tasks } = props.monitoring;
  const now = Date.now();
  return (
    <>
      <p className={styles.toolbar}>
        <StatusBadge status={order.status} />
        <span className={page.muted}>
          создан <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
        </span>
        <Link to="/crm/orders/$id" params={{ id: String(order.id) }}>
          Карточка заказа
        </Link>
      </p>
      <div className={styles.twoColumns}>
        <section className={page.stack} aria-labelledby="order-tasks">
          <h2 id="order-tasks" className={page.subtitle}>
            Задачи ({tasks.length})
          </h2>
          <JobList
            jobs={tasks}
            now={now}
            showOrder={false}
            empty="Задач для данного заказа не найдено"
            action={(job) =>
              job.state === 'failed' ? (
                <RetryButton job={job} offline={props.offline} onDone={props.onChanged} />
              ) : null
            }
          />
        </section>
        <section className={page.stack} aria-labelledby="order-events">
          <h2 id="order-events" className={page.subtitle}>
            Журнал событий ({events.length})
          </h2>
          <EventLog events={events} />
        </section>
      </div>
    </>
  );
}

export function RetryButton({
  job,
  offline,
  onDone,
}: {
  job: QueueJob;
  offline: boolean;
  onDone: () => Promise<void>;
}) {
  const { api } = useDataLayer();
  const { notify } = useNotices();
  const [busy, setBusy] = useState(false);
  async function retry() {
    setBusy(true);
    try {
      const { data } = await api.client.POST('/api/admin/queue/job/{queue}/{id}/retry', {
        params: { path: { queue: job.queue, id: job.id } },
      });
      notify(data?.message ?? 'Задача поставлена на повтор', 'success');
      await onDone();
    } catch (failure) {
      notify(isApiError(failure) ? failure.message : 'Не удалось повторить задачу', 'error');
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className={button({ tone: 'secondary' })}
      disabled={busy || offline}
      onClick={() => void retry()}
      title={offline ? 'Повторить можно только онлайн' : undefined}
    >
      {busy ? 'Ставим на повтор…' : 'Повторить'}
    </button>
  );
}

function EventLog({ events }: { events: readonly OrderEvent[] }) {
  if (events.length === 0) return <p className={page.muted}>Событий пока нет.</p>;
  return (
    <ol className={page.cardList}>
      {events.map((event) => (
        <li key={event.id} className={page.compactCard}>
          <div className={styles.itemHead}>
            <span className={styles.itemTitle}>{eventLabel(event.eventType)}</span>
            <span className={event.success ? styles.badge.done : styles.badge.error}>
              {event.success ? 'успешно' : 'ошибка'}
            </span>
          </div>
          <div className={styles.meta}>
            <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
            {attemptOf(event)}
            {detailsOf(event.payload).map((detail) => (
              <span key={detail} className={styles.code}>
                {detail}
              </span>
            ))}
          </div>
          {event.error ? <p className={styles.errorText}>{event.error}</p> : null}
        </li>
      ))}
    </ol>
  );
}

function attemptOf(event: OrderEvent) {
  const attempt = event.payload?.attempt;
  const allowed = event.payload?.attemptsAllowed;
  if (typeof attempt !== 'number' || typeof allowed !== 'number') return null;
  return (
    <span>
      попытка {attempt} из {allowed}
    </span>
  );
}
