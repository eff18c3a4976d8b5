/**
 * The queue page's search by order: that order's tasks, and «Отменить все активные задачи» after
 * the confirmation «Отменить все активные задачи для заказа #{id}?». Nothing found is said as
 * «Задач для данного заказа не найдено»; failures as their notices (docs/back-office-screens.md).
 */
import { useEffect, useRef, useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { isApiError } from '../../api/errors';
import { useCachedQuery } from '../../api/use-cached-query';
import { OPEN_TASK_STATUSES, taskDisplayStatus } from '../../domain/queue-task-status';
import { button } from '../../ui/button';
import * as page from '../../ui/page.css';
import { QueryState } from '../../ui/query-state';
import { useNotices } from '../../ui/widgets/notices';
import { ConfirmDialog } from './confirm-dialog';
import { JobList } from './job-card';
import * as styles from './monitoring.css';
import { useFailureNotice } from './use-failure-notice';

export const NO_TASKS = 'Задач для данного заказа не найдено';
export const cancelQuestion = (ref: string) => `Отменить все активные задачи для заказа #${ref}?`;

export function OrderTasks({
  orderRef,
  offline,
  refreshKey,
}: {
  orderRef: string;
  offline: boolean;
  refreshKey: number;
}) {
  const { api } = useDataLayer();
  const { notify } = useNotices();
  const query = useCachedQuery('/api/admin/queue/order/{orderId}', {
    params: { path: { orderId: orderRef } },
  });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const refetch = query.refetch;
  // The page's auto-refresh reaches this list too.
  useEffect(() => {
    if (refreshKey > 0) void refetch();
  }, [refreshKey, refetch]);
  const notFound = query.error?.status === 404;
  useFailureNotice(notFound ? null : query.error, 'Ошибка поиска задач заказа');
  const tasks = query.data?.data;
  const empty = notFound || (tasks !== undefined && tasks.length === 0);
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (empty && !query.isFetching && told.current !== orderRef) {
      told.current = orderRef;
      notify(NO_TASKS, 'info');
    }
  }, [empty, query.isFetching, orderRef, notify]);

  const now = Date.now();
  const open = (tasks ?? []).filter((task) => OPEN_TASK_STATUSES.includes(taskDisplayStatus(task, now)));

  async function cancelAll() {
    setBusy(true);
    try {
      const { data } = await api.client.DELETE('/api/admin/queue/order/{orderId}', {
        params: { path: { orderId: orderRef } },
      });
      notify(data?.message ?? 'Задачи отменены', 'success');
      await query.refetch();
    } catch (failure) {
      notify(`Ошибка отмены задач${isApiError(failure) ? `: ${failure.message}` : ''}`, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={page.stack} aria-labelledby="order-tasks">
      <div className={styles.itemHead}>
        <h2 id="order-tasks" className={page.subtitle}>
          Задачи заказа #{orderRef}
        </h2>
        {open.length > 0 ? (
          <button
            type="button"
            className={button({ tone: 'secondary' })}
            disabled={busy || offline}
            onClick={() => setConfirming(true)}
          >
            {busy ? 'Отменяем…' : `Отменить все активные задачи (${open.length})`}
          </button>
        ) : null}
      </div>
      {offline && open.length > 0 ? <p className={page.muted}>Отменить задачи можно только онлайн.</p> : null}
      {empty ? (
        <p className={page.muted}>{NO_TASKS}</p>
      ) : tasks ? (
        <JobList jobs={tasks} now={now} showOrder={false} empty={NO_TASKS} />
      ) : (
        <QueryState what="задачи заказа" error={query.error} onRetry={() => void query.refetch()} />
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        question={cancelQuestion(orderRef)}
        description="Ожидающие, запланированные и выполняющиеся задачи заказа будут отменены; выполненные останутся в истории."
        confirmLabel="Да, отменить"
        onConfirm={() => void cancelAll()}
      >
        <p>Активных задач: {open.length}.</p>
      </ConfirmDialog>
    </section>
  );
}
