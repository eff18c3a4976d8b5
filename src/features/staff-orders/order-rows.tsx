/**
 * The rows of the orders list: the data table on a desktop (sorted by the server through its
 * column headers), cards on a phone, where a table would make the page scroll sideways. Each row
 * links to the order card, carries the status changer, and counts the customer's unread messages.
 */
import { Link } from '@tanstack/react-router';
import type { components } from '../../api/schema.gen';
import { formatDate, formatDateTime, formatRubles } from '../../domain/format';
import { moscowDate } from '../../domain/moscow-time';
import type { Role } from '../../domain/roles';
import { MessagesBadge } from '../../ui/conversation/messages-badge';
import { DueDate } from '../../ui/order/due-date';
import { OrderNumber } from '../../ui/order/order-number';
import { StatusBadge } from '../../ui/order/status-badge';
import { type StaffOrder, StatusChanger } from '../../ui/order/status-changer';
import { DataTable, type TableColumn, type TableSort } from '../../ui/widgets/data-table';
import { DELIVERY_LABELS, PAYER_LABELS } from './labels';
import type { SortDirection, StaffOrderSort } from './list-search';
import * as styles from './staff-orders.css';

export type OrderSummary = components['schemas']['OrderSummary'];

export interface OrderRowsProps {
  orders: readonly OrderSummary[];
  role: Role;
  narrow: boolean;
  sort: StaffOrderSort;
  direction: SortDirection;
  onSortChange: (sort: StaffOrderSort, direction: SortDirection) => void;
  onChanged: (order: StaffOrder) => void;
  emptyText: string;
}

function OrderLink({ order }: { order: OrderSummary }) {
  return (
    <Link to="/crm/orders/$id" params={{ id: String(order.id) }}>
      <OrderNumber number={order.number} />
    </Link>
  );
}

/** Who ordered, how to reach them, and who pays when it is a company. */
function Customer({ order }: { order: OrderSummary }) {
  return (
    <span className={styles.lines}>
      <span>{order.name}</span>
      <a href={`tel:${order.phoneNumber.replace(/[^\d+]/g, '')}`} className={styles.nowrap}>
        {order.phoneNumber}
      </a>
      <span className={styles.muted}>{order.email}</span>
      {order.payerType === 'LEGAL' ? (
        <span className={styles.muted}>
          {PAYER_LABELS.LEGAL}
          {order.organizationName ? `: ${order.organizationName}` : null}
        </span>
      ) : null}
    </span>
  );
}

/**
 * What the order leaves the bureau after every cost, the partner's commission included — the
 * server's figure, the same as on the card and in the statistics; a loss stands out.
 */
function Margin({ order, named }: { order: OrderSummary; named?: boolean }) {
  const percent = order.marginPercent === null ? '' : ` (${String(order.marginPercent).replace('.', ',')} %)`;
  return (
    <span className={order.margin < 0 ? styles.loss : styles.muted}>
      {named ? 'маржа ' : null}
      {formatRubles(order.margin)}
      {percent}
    </span>
  );
}

function Delivery({ order }: { order: OrderSummary }) {
  return (
    <span className={styles.lines}>
      <span>{DELIVERY_LABELS[order.deliveryType]}</span>
      {order.pickupPointName ? <span className={styles.muted}>{order.pickupPointName}</span> : null}
    </span>
  );
}

/** When the order is promised, marked late or due today. */
function Due({ order, today }: { order: OrderSummary; today: string }) {
  return (
    <DueDate
      dueDate={order.dueDate}
      status={order.status}
      today={today}
      urgent={order.urgent}
      weekday={false}
    />
  );
}

/** Who handles the order, under its date in the table. */
function Assignee({ order }: { order: OrderSummary }) {
  const name = order.assigneeName ?? 'без ответственного';
  return (
    <span className={styles.assigneeCell} title={name}>
      {name}
    </span>
  );
}

export function OrderRows(props: OrderRowsProps) {
  const { orders, role, narrow, onChanged, emptyText } = props;
  const today = moscowDate(new Date());
  const changer = (order: OrderSummary) => (
    <StatusChanger order={order} role={role} onChanged={onChanged} compact={!narrow} />
  );

  if (narrow) {
    if (orders.length === 0) return <p className={styles.card}>{emptyText}</p>;
    return (
      <ul className={styles.cards} aria-label="Заявки">
        {orders.map((order) => (
          <li key={order.id} className={styles.card}>
            <div className={styles.cardTop}>
              <span className={styles.cardTitle}>
                <OrderLink order={order} />
              </span>
              <StatusBadge status={order.status} />
              <MessagesBadge count={order.unreadMessages} />
            </div>
            <span className={styles.muted}>
              от <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
            </span>
            {order.dueDate ? (
              <span className={styles.dueLine}>
                Срок: <Due order={order} today={today} />
              </span>
            ) : null}
            <span className={styles.assignee}>Ответственный: {order.assigneeName ?? 'нет'}</span>
            <Customer order={order} />
            <Delivery order={order} />
            <div className={styles.cardFoot}>
              <span className={styles.lines}>
                <span className={styles.amount}>{formatRubles(order.amount)}</span>
                <Margin order={order} named />
              </span>
              {changer(order)}
            </div>
          </li>
        ))}
      </ul>
    );
  }

  const columns: TableColumn<OrderSummary>[] = [
    {
      name: 'Номер',
      id: 'number',
      value: 'number',
      sortable: true,
      className: styles.numberCell,
      // The customer's unread messages under the number: the order to answer first.
      render: (order) => (
        <span className={styles.lines}>
          <OrderLink order={order} />
          <MessagesBadge count={order.unreadMessages} />
        </span>
      ),
    },
    {
      name: 'Создан',
      id: 'createdAt',
      value: 'createdAt',
      sortable: true,
      className: styles.nowrap,
      // The last change under the creation, not a column of its own: with the promised date's
      // column the table keeps to a 1440 px screen beside the menu.
      render: (order) => (
        <span className={styles.lines}>
          <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
          <span className={styles.muted}>
            изменён <time dateTime={order.updatedAt}>{formatDateTime(order.updatedAt)}</time>
          </span>
        </span>
      ),
    },
    {
      name: 'Срок',
      id: 'dueDate',
      value: (order) => order.dueDate ?? '',
      sortable: true,
      render: (order) => (
        <span className={styles.lines}>
          <Due order={order} today={today} />
          <Assignee order={order} />
        </span>
      ),
    },
    {
      name: 'Клиент',
      id: 'name',
      value: 'name',
      sortable: true,
      render: (order) => <Customer order={order} />,
    },
    {
      name: 'Статус',
      id: 'status',
      value: 'status',
      sortable: true,
      // The changer sits under the status it changes: no separate column to scroll to.
      render: (order) => (
        <span className={styles.statusCell}>
          <StatusBadge status={order.status} />
          {changer(order)}
        </span>
      ),
    },
    {
      name: 'Сумма',
      id: 'amount',
      value: 'amount',
      sortable: true,
      className: styles.amountCell,
      // The margin under the amount, not a column of its own: the table keeps its width.
      render: (order) => (
        <span className={styles.lines}>
          <span>{formatRubles(order.amount)}</span>
          <Margin order={order} named />
        </span>
      ),
    },
    { name: 'Доставка', value: 'deliveryType', render: (order) => <Delivery order={order} /> },
  ];
  const sort: TableSort = {
    column: props.sort,
    direction: props.direction === 'asc' ? 'ascending' : 'descending',
  };
  return (
    <DataTable
      caption="Заявки"
      captionHidden
      columns={columns}
      rows={orders}
      rowKey={(order) => order.id}
      sort={sort}
      onSortChange={(next) =>
        props.onSortChange(next.column as StaffOrderSort, next.direction === 'ascending' ? 'asc' : 'desc')
      }
      emptyText={emptyText}
    />
  );
}
