/**
 * /crm/monitoring/queue (ADMIN): the automation queue (docs/back-office-screens.md). Cards for the
 * connection and the counts — waiting, active, completed and failed in 24 hours, delayed; a card
 * opens its jobs (paged; a failed one can be run again); a search by order lists that order's tasks
 * with «cancel all active». Everything refreshes every 30 s while the tab is visible.
 */
import { useEffect, useState } from 'react';
import { useCachedQuery } from '../../api/use-cached-query';
import { DataFreshness } from '../../ui/data-freshness';
import * as page from '../../ui/page.css';
import { QueryState } from '../../ui/query-state';
import { Pagination } from '../../ui/widgets/pagination';
import { JobList } from './job-card';
import { queueLabel } from './labels';
import * as styles from './monitoring.css';
import { MonitoringTabs } from './monitoring-tabs';
import type { JobListStatus, QueueInfo } from './monitoring-types';
import { RetryButton } from './order-monitoring-page';
import { OrderSearch } from './order-search';
import { OrderTasks } from './order-tasks';
import { JOBS_PAGE_SIZE, type QueueView } from './queue-view';
import { useAutoRefresh } from './use-auto-refresh';
import { useFailureNotice } from './use-failure-notice';

export const STATUS_CARDS: { status: JobListStatus; label: string; list: string }[] = [
  { status: 'waiting', label: 'Ожидают', list: 'Ожидают запуска' },
  { status: 'active', label: 'Выполняются', list: 'Выполняются сейчас' },
  { status: 'completed', label: 'Завершено за 24 ч', list: 'Завершены за 24 часа' },
  { status: 'failed', label: 'Ошибки за 24 ч', list: 'С ошибкой за 24 часа' },
  { status: 'delayed', label: 'Отложено', list: 'Запланированы на потом' },
];

export interface QueuePageProps {
  role: string | null;
  view: QueueView;
  onViewChange: (view: QueueView) => void;
}

export function QueuePage({ role, view, onViewChange }: QueuePageProps) {
  const info = useCachedQuery('/api/admin/queue/info');
  const [refreshKey, setRefreshKey] = useState(0);
  useAutoRefresh(() => {
    void info.refetch();
    setRefreshKey((key) => key + 1);
  });
  useFailureNotice(info.error, 'Ошибка загрузки данных очереди');
  const counts = info.data?.data;
  return (
    <section className={page.stack} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        Очередь автоматизации
      </h1>
      <MonitoringTabs role={role} current="queue" />
      <DataFreshness of={info} />
      {counts ? (
        <QueueCards
          counts={counts}
          selected={view.status}
          onSelect={(status) =>
            onViewChange({ ...view, status: view.status === status ? null : status, page: 1, queue: null })
          }
        />
      ) : (
        <QueryState what="данные очереди" error={info.error} onRetry={() => void info.refetch()} />
      )}
      {view.status ? (
        <StatusJobs
          view={view}
          offline={info.isOffline}
          refreshKey={refreshKey}
          onViewChange={onViewChange}
        />
      ) : null}
      <section className={page.card} aria-labelledby="order-search">
        <h2 id="order-search" className={page.subtitle}>
          Поиск задач по заказу
        </h2>
        <OrderSearch
          key={`search-${view.order ?? ''}`}
          label="Номер или id заказа"
          submitLabel="Найти задачи"
          initial={view.order ?? ''}
          onSearch={(order) => onViewChange({ ...view, order })}
        />
        {view.order ? (
          <OrderTasks
            key={view.order}
            orderRef={view.order}
            offline={info.isOffline}
            refreshKey={refreshKey}
          />
        ) : null}
      </section>
    </section>
  );
}

function QueueCards(props: {
  counts: QueueInfo;
  selected: JobListStatus | null;
  onSelect: (status: JobListStatus) => void;
}) {
  const { counts } = props;
  return (
    <ul className={styles.statGrid} aria-label="Состояние очереди">
      <li className={styles.stat.plain}>
        <span className={styles.statLabel}>Подключение</span>
        <span className={`${styles.statValue} ${counts.isConnected ? styles.tone.ok : styles.tone.bad}`}>
          {counts.isConnected ? 'Онлайн' : 'Офлайн'}
        </span>
      </li>
      {STATUS_CARDS.map((card) => (
        <li key={card.status}>
          <button
            type="button"
            className={styles.stat.button}
            aria-pressed={props.selected === card.status}
            onClick={() => props.onSelect(card.status)}
          >
            <span className={styles.statLabel}>{card.label}</span>
            <span
              className={`${styles.statValue} ${card.status === 'failed' && counts.failed > 0 ? styles.tone.bad : ''}`}
            >
              {counts[card.status]}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function StatusJobs(props: {
  view: QueueView;
  offline: boolean;
  refreshKey: number;
  onViewChange: (view: QueueView) => void;
}) {
  const { view } = props;
  const status = view.status as JobListStatus;
  const query = useCachedQuery('/api/admin/queue/jobs/{status}', {
    params: {
      path: { status },
      query: {
        limit: JOBS_PAGE_SIZE,
        offset: (view.page - 1) * JOBS_PAGE_SIZE,
        ...(view.queue ? { queue: view.queue } : {}),
      },
    },
  });
  useRefreshOn(props.refreshKey, query.refetch);
  useFailureNotice(query.error, 'Ошибка загрузки списка задач');
  const card = STATUS_CARDS.find((c) => c.status === status);
  const answer = query.data;
  return (
    <section className={page.stack} aria-labelledby="status-jobs">
      <div className={styles.itemHead}>
        <h2 id="status-jobs" className={page.subtitle}>
          {card?.list}
          {view.queue ? ` — ${queueLabel(view.queue)}` : ''}
          {answer ? ` (${answer.total})` : ''}
        </h2>
        {view.queue ? (
          <button
            type="button"
            className={styles.tab}
            onClick={() => props.onViewChange({ ...view, queue: null, page: 1 })}
          >
            Все очереди
          </button>
        ) : null}
      </div>
      {answer ? (
        <>
          <JobList
            jobs={answer.data}
            now={Date.now()}
            empty="Задач нет"
            action={(job) =>
              job.state === 'failed' ? (
                <RetryButton job={job} offline={props.offline} onDone={query.refetch} />
              ) : null
            }
          />
          <Pagination
            label="Страницы задач"
            page={view.page}
            pageCount={Math.ceil(answer.total / JOBS_PAGE_SIZE)}
            onPageChange={(next) => props.onViewChange({ ...view, page: next })}
          />
        </>
      ) : (
        <QueryState what="список задач" error={query.error} onRetry={() => void query.refetch()} />
      )}
    </section>
  );
}

/** The page's auto-refresh reaches a list mounted under it. */
function useRefreshOn(key: number, refetch: () => Promise<void>) {
  useEffect(() => {
    if (key > 0) void refetch();
  }, [key, refetch]);
}
