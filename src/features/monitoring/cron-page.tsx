/**
 * /crm/monitoring/cron (ADMIN): the periodic jobs (docs/back-office-screens.md). A card per job's
 * queue — its runs (waiting, active, completed and failed in 24 h; an error in their place when
 * they cannot be read), its schedule with the next run, its last run, why it is not scheduled —
 * with «Запустить сейчас»; the scheduled jobs as a table; (re)initialise, clear all after a
 * question, refresh, and an optional refresh every 30 s.
 */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { isApiError } from '../../api/errors';
import { useCachedQuery } from '../../api/use-cached-query';
import { describeCron, formatMoscowDateTime } from '../../domain/cron-text';
import { formatDateTime } from '../../domain/format';
import { button } from '../../ui/button';
import { DataFreshness } from '../../ui/data-freshness';
import * as page from '../../ui/page.css';
import { QueryState } from '../../ui/query-state';
import { DataTable } from '../../ui/widgets/data-table';
import { useNotices } from '../../ui/widgets/notices';
import { ConfirmDialog } from './confirm-dialog';
import { taskLabel } from './labels';
import * as styles from './monitoring.css';
import { MonitoringTabs } from './monitoring-tabs';
import type { CronQueueInfo } from './monitoring-types';
import { useAutoRefresh } from './use-auto-refresh';

export const CLEAR_QUESTION = 'Вы уверены, что хотите удалить все периодические задачи?';

export function CronPage({ role }: { role: string | null }) {
  const { api } = useDataLayer();
  const { notify } = useNotices();
  const query = useCachedQuery('/api/admin/cron/info');
  const [auto, setAuto] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  useAutoRefresh(() => void query.refetch(), auto);
  const offline = query.isOffline;

  /** Runs an action; its answer's message or its refusal becomes a notice, then the page reloads. */
  async function act(name: string, call: () => Promise<{ message?: string } | undefined>) {
    setBusy(name);
    try {
      const answer = await call();
      if (answer?.message) notify(answer.message, 'success');
    } catch (failure) {
      // Spec 8: the cron page's failures are logged; the admin also sees why, the refusal's own words.
      console.error('Периодические задачи:', failure);
      notify(isApiError(failure) ? failure.message : 'Действие не выполнено', 'error');
    } finally {
      setBusy(null);
      await query.refetch();
    }
  }

  const queues = Object.entries(query.data?.data ?? {});
  return (
    <section className={page.stack} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        Периодические задачи
      </h1>
      <MonitoringTabs role={role} current="cron" />
      <div className={styles.toolbar}>
        <button
          type="button"
          className={button({ tone: 'secondary' })}
          disabled={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {query.isFetching ? 'Обновляем…' : 'Обновить'}
        </button>
        <button
          type="button"
          className={button({ tone: 'primary' })}
          disabled={busy !== null || offline}
          onClick={() =>
            void act('initialize', async () => (await api.client.POST('/api/admin/cron/initialize')).data)
          }
        >
          {busy === 'initialize' ? 'Планируем…' : 'Инициализировать'}
        </button>
        <button
          type="button"
          className={button({ tone: 'secondary' })}
          disabled={busy !== null || offline}
          onClick={() => setConfirming(true)}
        >
          Удалить все
        </button>
        <label className={styles.checkbox}>
          <input type="checkbox" checked={auto} onChange={(event) => setAuto(event.target.checked)} />
          Обновлять каждые 30 секунд
        </label>
      </div>
      {offline ? <p className={page.muted}>Нет сети: действия с задачами доступны только онлайн.</p> : null}
      <DataFreshness of={{ ...query, isOffline: offline }} />
      {query.data ? (
        <>
          <ul className={page.cardList} aria-label="Очереди периодических задач">
            {queues.map(([name, info]) => (
              <CronQueueCard
                key={name}
                name={name}
                info={info}
                disabled={busy !== null || offline}
                running={busy === name}
                onRun={() =>
                  void act(
                    name,
                    async () =>
                      (await api.client.POST('/api/admin/cron/run/{name}', { params: { path: { name } } }))
                        .data,
                  )
                }
              />
            ))}
          </ul>
          <ScheduledJobs queues={queues} />
        </>
      ) : (
        <QueryState what="периодические задачи" error={query.error} onRetry={() => void query.refetch()} />
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        question={CLEAR_QUESTION}
        description="Расписания всех периодических задач будут удалены и не вернутся после перезапуска сервера, пока их не инициализировать снова."
        confirmLabel="Да, удалить все"
        onConfirm={() => void act('clear', async () => (await api.client.DELETE('/api/admin/cron/all')).data)}
      >
        <p>Проверка оплат, напоминания и обмен со СДЭК перестанут запускаться сами.</p>
      </ConfirmDialog>
    </section>
  );
}

const COUNTS = [
  { key: 'repeatableJobs', label: 'Расписаний', status: null },
  { key: 'waiting', label: 'Ожидают', status: 'waiting' },
  { key: 'active', label: 'Выполняются', status: 'active' },
  { key: 'completed', label: 'Завершено за 24 ч', status: 'completed' },
  { key: 'failed', label: 'Ошибки за 24 ч', status: 'failed' },
] as const;

function CronQueueCard(props: {
  name: string;
  info: CronQueueInfo;
  disabled: boolean;
  running: boolean;
  onRun: () => void;
}) {
  const { name, info } = props;
  const schedule = info.jobs[0];
  return (
    <li className={page.compactCard} data-queue={name}>
      <div className={styles.itemHead}>
        <span className={styles.itemTitle}>{info.title ?? taskLabel(name)}</span>
      </div>
      {info.error ? (
        <p className={styles.errorText}>{info.error}</p>
      ) : (
        <dl className={styles.meta}>
          {COUNTS.map((count) => (
            <div key={count.key}>
              <dt className="visually-hidden">{count.label}</dt>
              <dd className={styles.countValue}>
                {count.status && info[count.key] > 0 ? (
                  <Link to="/crm/monitoring/queue" search={{ status: count.status, queue: name }}>
                    {count.label}: {info[count.key]}
                  </Link>
                ) : (
                  <span className={count.key === 'failed' && info.failed > 0 ? styles.tone.bad : undefined}>
                    {count.label}: {info[count.key]}
                  </span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {schedule ? (
        <p className={styles.meta}>
          <span>Расписание: {describeCron(schedule.cron, schedule.timezone)}</span>
          <span>
            Следующий запуск:{' '}
            {schedule.next ? (
              <time dateTime={schedule.next}>{formatMoscowDateTime(schedule.next)}</time>
            ) : (
              '—'
            )}
          </span>
        </p>
      ) : null}
      {info.notice ? <p className={styles.notice}>{info.notice}</p> : null}
      {info.lastRunAt ? (
        <p className={styles.meta}>
          <span>
            Последний запуск: <time dateTime={info.lastRunAt}>{formatDateTime(info.lastRunAt)}</time>
          </span>
          {info.lastSummary && !info.lastError ? <span>{info.lastSummary}</span> : null}
        </p>
      ) : null}
      {info.lastError ? (
        <p className={styles.errorText}>Последний запуск с ошибкой: {info.lastError}</p>
      ) : null}
      <div>
        <button
          type="button"
          className={button({ tone: 'secondary' })}
          disabled={props.disabled}
          onClick={props.onRun}
        >
          {props.running ? 'Запускаем…' : 'Запустить сейчас'}
        </button>
      </div>
    </li>
  );
}

function ScheduledJobs({ queues }: { queues: [string, CronQueueInfo][] }) {
  const rows = queues.flatMap(([, info]) =>
    info.jobs.map((job) => ({ ...job, title: info.title ?? taskLabel(job.name) })),
  );
  return (
    <section className={page.card} aria-labelledby="scheduled-jobs">
      <h2 id="scheduled-jobs" className={page.subtitle}>
        Расписание
      </h2>
      <DataTable
        caption="Запланированные задачи"
        captionHidden
        rows={rows}
        rowKey={(row) => row.id}
        emptyText="Периодических задач в расписании нет"
        columns={[
          { name: 'Задача', value: 'title', sortable: true },
          { name: 'Когда', value: (row) => describeCron(row.cron, row.timezone) },
          {
            name: 'Следующий запуск',
            id: 'next',
            value: (row) => (row.next ? new Date(row.next) : null),
            render: (row) => (row.next ? formatMoscowDateTime(row.next) : '—'),
            sortable: true,
          },
        ]}
      />
    </section>
  );
}
