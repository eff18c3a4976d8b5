/**
 * One queue task as a compact card: its type in Russian, its display status
 * (src/domain/queue-task-status.ts), what it carries, its times and attempts, and its error in full
 * (long errors wrap). An action (retry) goes in the card's footer.
 */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../domain/format';
import { type TaskDisplayStatus, taskDisplayStatus } from '../../domain/queue-task-status';
import * as page from '../../ui/page.css';
import { detailsOf, queueLabel, taskLabel } from './labels';
import * as styles from './monitoring.css';
import type { QueueJob } from './monitoring-types';

const BADGES: Record<TaskDisplayStatus, keyof typeof styles.badge> = {
  ОШИБКА: 'error',
  ОТМЕНЕНО: 'waiting',
  ЗАВЕРШЕНО: 'done',
  ВЫПОЛНЯЕТСЯ: 'running',
  ЗАПЛАНИРОВАНО: 'planned',
  ОЖИДАЕТ: 'waiting',
};

export function TaskStatusBadge({ status }: { status: TaskDisplayStatus }) {
  return <span className={styles.badge[BADGES[status]]}>{status}</span>;
}

const at = (ms: number) => <time dateTime={new Date(ms).toISOString()}>{formatDateTime(ms)}</time>;

export function JobCard({
  job,
  now,
  showOrder = true,
  action,
}: {
  job: QueueJob;
  now: number;
  showOrder?: boolean;
  action?: ReactNode;
}) {
  const status = taskDisplayStatus(job, now);
  const orderId = typeof job.data.orderId === 'number' ? job.data.orderId : null;
  const planned = job.timestamp + job.delay;
  const error = job.failedReason ?? job.lastError;
  return (
    <li className={page.compactCard}>
      <div className={styles.itemHead}>
        <span className={styles.itemTitle}>{taskLabel(job.name)}</span>
        <TaskStatusBadge status={status} />
      </div>
      <div className={styles.meta}>
        <span>Очередь: {queueLabel(job.queue)}</span>
        {showOrder && orderId !== null ? (
          <Link to="/crm/monitoring/order/$orderId" params={{ orderId: String(orderId) }}>
            Заказ id {orderId}
          </Link>
        ) : null}
        {detailsOf(job.data).map((detail) => (
          <span key={detail} className={styles.code}>
            {detail}
          </span>
        ))}
      </div>
      <div className={styles.meta}>
        <span>Создана {at(job.timestamp)}</span>
        {planned > now && job.finishedOn === null ? <span>Запуск {at(planned)}</span> : null}
        {job.processedOn !== null ? <span>Начата {at(job.processedOn)}</span> : null}
        {job.finishedOn !== null ? <span>Окончена {at(job.finishedOn)}</span> : null}
        <span>
          Попыток: {job.attemptsMade} из {job.attemptsAllowed}
        </span>
      </div>
      {error ? (
        <p className={styles.errorText}>
          {job.failedReason
            ? 'Ошибка: '
            : job.state === 'completed'
              ? 'Не выполнено: '
              : 'Последняя ошибка: '}
          {error}
        </p>
      ) : null}
      {action ? <div>{action}</div> : null}
      <span className="visually-hidden">id {job.id}</span>
    </li>
  );
}

/** A list of tasks, or what to say when there are none. */
export function JobList({
  jobs,
  now,
  empty,
  showOrder,
  action,
}: {
  jobs: readonly QueueJob[];
  now: number;
  empty: string;
  showOrder?: boolean;
  action?: (job: QueueJob) => ReactNode;
}) {
  if (jobs.length === 0) return <p className={page.muted}>{empty}</p>;
  return (
    <ul className={page.cardList}>
      {jobs.map((job) => (
        <JobCard key={job.id} job={job} now={now} showOrder={showOrder} action={action?.(job)} />
      ))}
    </ul>
  );
}
