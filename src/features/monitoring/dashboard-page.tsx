/**
 * /crm/monitoring: order processing at a glance (docs/back-office-screens.md). A search that opens an order's
 * processing page; six cards (orders, orders with errors, mails, parcels, customers' unread
 * messages and the orders they wait in); the outside services that are not configured; the
 * problem orders of the last 24 hours; the jobs per hour; the refunds in processing or refused;
 * the events by type. Read through the stored copy (offline with its age) and refreshed every 30 s.
 */
import { Link } from '@tanstack/react-router';
import { useCachedQuery } from '../../api/use-cached-query';
import { formatDateTime, formatRubles } from '../../domain/format';
import { ORDER_STATUS_LABELS } from '../../domain/order-status';
import { REFUND_STATUS_WORDS } from '../../domain/refunds';
import { DataFreshness } from '../../ui/data-freshness';
import { OrderNumber } from '../../ui/order/order-number';
import * as page from '../../ui/page.css';
import { QueryState } from '../../ui/query-state';
import { DataTable } from '../../ui/widgets/data-table';
import { JobsChart } from './jobs-chart';
import { eventLabel } from './labels';
import * as styles from './monitoring.css';
import { MonitoringTabs } from './monitoring-tabs';
import type { MonitoringDashboard } from './monitoring-types';
import { OrderSearch } from './order-search';
import { useAutoRefresh } from './use-auto-refresh';
import { useFailureNotice } from './use-failure-notice';

export const DASHBOARD_FAILED = 'Ошибка загрузки данных мониторинга';

export function DashboardPage({
  role,
  onOpenOrder,
}: {
  role: string | null;
  onOpenOrder: (ref: string) => void;
}) {
  const query = useCachedQuery('/api/admin/order-monitoring/dashboard');
  useAutoRefresh(() => void query.refetch());
  useFailureNotice(query.error, DASHBOARD_FAILED);
  const dashboard = query.data?.data;
  return (
    <section className={page.stack} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        Мониторинг заказов
      </h1>
      <MonitoringTabs role={role} current="orders" />
      <OrderSearch label="Номер или id заказа" submitLabel="Открыть" onSearch={onOpenOrder} />
      <DataFreshness of={query} />
      {dashboard ? (
        <Dashboard dashboard={dashboard} />
      ) : (
        <QueryState what="данные мониторинга" error={query.error} onRetry={() => void query.refetch()} />
      )}
    </section>
  );
}

function Dashboard({ dashboard }: { dashboard: MonitoringDashboard }) {
  const { totals, integrations } = dashboard;
  const cards = [
    { label: 'Всего заказов', value: totals.orders, tone: 'muted' as const },
    {
      label: 'Просрочено заказов',
      value: totals.overdueOrders ?? 0,
      tone: totals.overdueOrders ? ('bad' as const) : ('ok' as const),
      due: 'OVERDUE' as const,
    },
    { label: 'Сдать сегодня', value: totals.dueToday ?? 0, tone: 'muted' as const, due: 'TODAY' as const },
    {
      label: 'Заказы с ошибками за 24 ч',
      value: totals.ordersWithErrors,
      tone: totals.ordersWithErrors ? ('bad' as const) : ('ok' as const),
    },
    { label: 'Писем отправлено за 24 ч', value: totals.emailsSent, tone: 'muted' as const },
    { label: 'Доставок создано за 24 ч', value: totals.deliveriesCreated, tone: 'muted' as const },
    { label: 'Непрочитанных сообщений клиентов', value: totals.unreadMessages, tone: 'bad' as const },
    { label: 'Заказов ждут ответа клиенту', value: totals.ordersAwaitingReply, tone: 'bad' as const },
  ];
  const unconfigured = [integrations.courier, integrations.payments].filter((service) => !service.configured);
  return (
    <>
      <ul className={styles.statGrid} aria-label="Показатели">
        {cards.map((card) => (
          <li key={card.label} className={styles.stat.plain}>
            <span className={styles.statLabel}>
              {/* The orders behind a promised-date count, in the office list. */}
              {'due' in card ? (
                <Link to="/crm/home" search={{ due: card.due }}>
                  {card.label}
                </Link>
              ) : (
                card.label
              )}
            </span>
            <span className={`${styles.statValue} ${card.value > 0 ? styles.tone[card.tone] : ''}`}>
              {card.value}
            </span>
          </li>
        ))}
      </ul>
      {unconfigured.map((service) => (
        <p key={service.name} className={styles.notice}>
          <strong>{service.name}.</strong> {service.message}
        </p>
      ))}
      <div className={styles.twoColumns}>
        <section className={page.card} aria-labelledby="problem-orders">
          <h2 id="problem-orders" className={page.subtitle}>
            Заказы с ошибками за 24 часа
          </h2>
          <ProblemOrders orders={dashboard.problematicOrders} />
        </section>
        <section className={page.card} aria-labelledby="jobs-chart">
          <h2 id="jobs-chart" className={page.subtitle}>
            Задачи за 24 часа
          </h2>
          <JobsChart hours={dashboard.jobsByHour} />
        </section>
      </div>
      <section className={page.card} aria-labelledby="refunds-to-watch">
        <h2 id="refunds-to-watch" className={page.subtitle}>
          Возвраты в обработке и с ошибкой
        </h2>
        <RefundsToWatch refunds={dashboard.refunds} />
      </section>
      <div className={styles.twoColumns}>
        <section className={page.card} aria-labelledby="event-stats">
          <h2 id="event-stats" className={page.subtitle}>
            События за 24 часа
          </h2>
          <DataTable
            caption="События за 24 часа"
            captionHidden
            rows={dashboard.eventStats}
            rowKey={(row) => row.eventType}
            columns={[
              { name: 'Событие', value: (row) => eventLabel(row.eventType), sortable: true },
              // One column for both figures: the table fits a phone without scrolling sideways.
              {
                name: 'Успешно',
                id: 'successful',
                value: 'successful',
                render: (row) => `${row.successful} из ${row.total}`,
                sortable: true,
              },
            ]}
          />
        </section>
        <section className={page.card} aria-labelledby="order-stats">
          <h2 id="order-stats" className={page.subtitle}>
            Заказы по статусам
          </h2>
          <DataTable
            caption="Заказы по статусам"
            captionHidden
            rows={dashboard.orderStats}
            rowKey={(row) => row.status}
            columns={[
              { name: 'Статус', value: (row) => ORDER_STATUS_LABELS[row.status] },
              { name: 'Заказов', value: 'count', sortable: true },
            ]}
          />
        </section>
      </div>
    </>
  );
}

function ProblemOrders({ orders }: { orders: MonitoringDashboard['problematicOrders'] }) {
  if (orders.length === 0) return <p className={page.muted}>За последние 24 часа ошибок не было.</p>;
  return (
    <ul className={page.cardList}>
      {orders.map((order) => (
        <li key={order.orderId} className={page.compactCard}>
          <div className={styles.itemHead}>
            <Link
              to="/crm/monitoring/order/$orderId"
              params={{ orderId: String(order.orderId) }}
              className={styles.itemTitle}
            >
              Заказ <OrderNumber number={order.orderNumber} />
            </Link>
            <span className={styles.badge.error}>Ошибок: {order.errorCount}</span>
          </div>
          <p className={styles.errorText}>{order.lastError}</p>
          <span className={styles.meta}>
            Последняя ошибка <time dateTime={order.lastErrorAt}>{formatDateTime(order.lastErrorAt)}</time>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Refunds the provider has not finished, and those it refused: each with its order and why. */
function RefundsToWatch({ refunds }: { refunds: MonitoringDashboard['refunds'] }) {
  if (refunds.length === 0) return <p className={page.muted}>Все возвраты выполнены.</p>;
  return (
    <ul className={page.cardList}>
      {refunds.map((refund) => (
        <li key={refund.orderId} className={page.compactCard}>
          <div className={styles.itemHead}>
            <Link to="/crm/orders/$id" params={{ id: String(refund.orderId) }} className={styles.itemTitle}>
              Заказ <OrderNumber number={refund.orderNumber} />
            </Link>
            <span className={refund.status === 'FAILED' ? styles.badge.error : styles.badge.planned}>
              {formatRubles(refund.amount)} — {REFUND_STATUS_WORDS[refund.status]}
            </span>
          </div>
          <p>{refund.reason}</p>
          {refund.error ? <p className={styles.errorText}>{refund.error}</p> : null}
          <span className={styles.meta}>
            Оформлен <time dateTime={refund.createdAt}>{formatDateTime(refund.createdAt)}</time>
            {refund.doneAt ? (
              <>
                {' '}
                · отклонён <time dateTime={refund.doneAt}>{formatDateTime(refund.doneAt)}</time>
              </>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
