/**
 * /cabinet/notifications: the customer's notifications, newest first, a page at a time, with or
 * without the ones already read; mark one or all read, delete one. The control that turns on push
 * notifications for this device comes from the route (`pushControl`), which owns that feature.
 */
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { useCachedQuery } from '../../api/use-cached-query';
import { useOnlineStatus } from '../../api/use-online-status';
import { formatDateTime } from '../../domain/format';
import { button } from '../../ui/button';
import { DataFreshness } from '../../ui/data-freshness';
import * as form from '../../ui/form.css';
import { WithWholeNumbers } from '../../ui/order/order-number';
import * as widgets from '../../ui/order/order-widgets.css';
import * as page from '../../ui/page.css';
import { QueryState } from '../../ui/query-state';
import { Pagination } from '../../ui/widgets/pagination';
import * as styles from './cabinet.css';
import type { CabinetNotification } from './cabinet-types';

export const NOTIFICATIONS_PAGE_SIZE = 20;

export interface NotificationFilters {
  page?: number;
  /** true: only the unread ones (includeRead=false). */
  unread?: boolean;
}

export interface NotificationsPageProps {
  filters: NotificationFilters;
  onFiltersChange: (filters: NotificationFilters) => void;
  pushControl?: ReactNode;
  /** After a mark or a delete, so counts shown elsewhere (the menu badge) read again. */
  onChanged?: () => void;
}

export function NotificationsPage({
  filters,
  onFiltersChange,
  pushControl,
  onChanged,
}: NotificationsPageProps) {
  const { api } = useDataLayer();
  const online = useOnlineStatus();
  const pageNumber = filters.page ?? 1;
  const query = useCachedQuery('/api/user/notifications', {
    params: {
      query: {
        limit: NOTIFICATIONS_PAGE_SIZE,
        offset: (pageNumber - 1) * NOTIFICATIONS_PAGE_SIZE,
        includeRead: !filters.unread,
      },
    },
  });
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = query.data;

  async function change(key: string, call: () => Promise<unknown>) {
    setBusy(key);
    setError(null);
    try {
      await call();
      onChanged?.();
      await query.refetch();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Не получилось');
    } finally {
      setBusy(null);
    }
  }

  const markRead = (id: number) =>
    change(`read-${id}`, () =>
      api.client.PATCH('/api/user/notifications/{id}/read', { params: { path: { id } } }),
    );
  const remove = (id: number) =>
    change(`delete-${id}`, () =>
      api.client.DELETE('/api/user/notifications/{id}', { params: { path: { id } } }),
    );
  const markAll = () => change('all', () => api.client.PATCH('/api/user/notifications/read-all'));
  const disabled = busy !== null || !online;

  return (
    <section className={page.stack} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        Уведомления
      </h1>
      <DataFreshness of={query} />
      {pushControl}
      <div className={styles.actions}>
        <label className={form.choice}>
          <input
            type="checkbox"
            className={form.choiceControl}
            checked={filters.unread === true}
            onChange={(event) => onFiltersChange({ unread: event.target.checked || undefined })}
          />
          Только непрочитанные
        </label>
        <button
          type="button"
          className={button({ tone: 'secondary' })}
          disabled={disabled || !list || list.unread === 0}
          onClick={() => void markAll()}
        >
          {busy === 'all' ? 'Отмечаем…' : 'Отметить все прочитанными'}
        </button>
      </div>
      {!online ? (
        <p className={form.hint}>Нет сети: отметить или удалить уведомления можно только онлайн.</p>
      ) : null}
      {error ? (
        <p role="alert" className={page.errorText}>
          {error}
        </p>
      ) : null}
      {list === undefined ? (
        <QueryState what="уведомления" error={query.error} onRetry={() => void query.refetch()} />
      ) : list.items.length === 0 ? (
        <p className={page.card}>
          {filters.unread ? 'Непрочитанных уведомлений нет.' : 'Уведомлений пока нет.'}
        </p>
      ) : (
        <>
          <p className={page.muted}>
            Всего: {list.total}, непрочитанных: {list.unread}
          </p>
          <ul className={widgets.list} aria-label="Список уведомлений">
            {list.items.map((notification) => (
              <NotificationRow
                key={notification.id}
                notification={notification}
                disabled={disabled}
                busy={busy}
                onRead={() => void markRead(notification.id)}
                onDelete={() => void remove(notification.id)}
              />
            ))}
          </ul>
          <Pagination
            page={pageNumber}
            pageCount={Math.ceil(list.total / NOTIFICATIONS_PAGE_SIZE)}
            onPageChange={(next) => onFiltersChange({ ...filters, page: next === 1 ? undefined : next })}
          />
        </>
      )}
    </section>
  );
}

function NotificationRow(props: {
  notification: CabinetNotification;
  disabled: boolean;
  busy: string | null;
  onRead: () => void;
  onDelete: () => void;
}) {
  const { notification: item, disabled, busy } = props;
  return (
    <li className={item.read ? styles.notification.read : styles.notification.unread}>
      <div className={styles.rowMain}>
        <strong>
          {item.read ? null : <span className={widgets.badge.action}>Новое</span>}{' '}
          <WithWholeNumbers text={item.title} />
        </strong>
        <span>
          <WithWholeNumbers text={item.body} />
        </span>
        <time dateTime={item.createdAt} className={page.muted}>
          {formatDateTime(item.createdAt)}
        </time>
      </div>
      <div className={styles.actions}>
        {item.url?.startsWith('/') ? (
          <Link
            to={item.url}
            className={button({ tone: 'secondary' })}
            aria-label={`Открыть: ${item.title}`}
            onClick={item.read ? undefined : props.onRead}
          >
            Открыть
          </Link>
        ) : null}
        {item.read ? null : (
          <button
            type="button"
            className={button({ tone: 'secondary' })}
            disabled={disabled}
            aria-label={`Прочитано: ${item.title}`}
            onClick={props.onRead}
          >
            {busy === `read-${item.id}` ? 'Отмечаем…' : 'Прочитано'}
          </button>
        )}
        <button
          type="button"
          className={button({ tone: 'secondary' })}
          disabled={disabled}
          aria-label={`Удалить: ${item.title}`}
          onClick={props.onDelete}
        >
          {busy === `delete-${item.id}` ? 'Удаляем…' : 'Удалить'}
        </button>
      </div>
    </li>
  );
}
