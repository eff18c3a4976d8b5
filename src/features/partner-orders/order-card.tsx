/**
 * One order of the partner's points: number, date, status, customer, phone to call, pickup point,
 * documents, whether the bureau sent the customer an electronic copy (never the copy), and the moves the point may make now as big buttons — or, when there is none, what
 * comes next. A change waiting in the outbox
 * shows as «Ожидает отправки»; one the server refused shows why, and what the status is now.
 */
import { Link } from '@tanstack/react-router';
import type { OutboxEntry } from '../../db/schema';
import { formatDateTime } from '../../domain/format';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../domain/order-status';
import { button } from '../../ui/button';
import { OrderNumber } from '../../ui/order/order-number';
import { StatusBadge } from '../../ui/order/status-badge';
import { type CardState, cardState, moveLabel, PENDING_TEXT, whatNext } from './card-state';
import { OrderDocuments } from './order-documents';
import type { PartnerOrder } from './partner-order';
import * as styles from './partner-orders.css';

export interface OrderCardProps {
  order: PartnerOrder;
  change: OutboxEntry | undefined;
  onMove: (order: PartnerOrder, from: OrderStatus, to: OrderStatus) => void;
  onDismiss: (entryId: string) => void;
  onRetry: (order: PartnerOrder, from: OrderStatus, to: OrderStatus) => void;
  /** In the list: the number opens the order's own card (its status moves). */
  linked?: boolean;
  /** The list's item, or the card page's article. */
  as?: 'li' | 'article';
  /** The card's heading; the number by default (the card page has the number in its title). */
  heading?: string;
}

/** tel: wants the digits (and the leading +) only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

export function OrderCard(props: OrderCardProps) {
  const { order, change, onMove, onDismiss, onRetry, linked, as, heading } = props;
  const state = cardState(order, change);
  const titleId = `order-${order.id}-title`;
  const Element = as ?? 'li';
  return (
    <Element className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardHead}>
        <h2 id={titleId} className={styles.number}>
          {heading ??
            (linked ? (
              <Link to="/crm/orders/$id" params={{ id: String(order.id) }}>
                Заказ <OrderNumber number={order.number} />
              </Link>
            ) : (
              <>
                Заказ <OrderNumber number={order.number} />
              </>
            ))}
        </h2>
        <StatusBadge status={state.status} />
      </div>
      <dl className={styles.facts}>
        <dt className={styles.factName}>Создан</dt>
        <dd className={styles.factValue}>
          <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
        </dd>
        <dt className={styles.factName}>Клиент</dt>
        <dd className={styles.factValue}>{order.name}</dd>
        <dt className={styles.factName}>Телефон</dt>
        <dd className={styles.factValue}>
          <a className={styles.phone} href={telHref(order.phoneNumber)}>
            {order.phoneNumber}
          </a>
        </dd>
        <dt className={styles.factName}>Пункт выдачи</dt>
        <dd className={styles.factValue}>{order.pickupPointName ?? '—'}</dd>
        <dt className={styles.factName}>Документы</dt>
        <dd className={styles.factValue}>
          <OrderDocuments lines={order.documents} />
        </dd>
        {order.resultsCount > 0 ? (
          <>
            <dt className={styles.factName}>Копия</dt>
            <dd className={styles.factValue}>Бюро отправило клиенту электронную копию перевода</dd>
          </>
        ) : null}
      </dl>
      <div aria-live="polite">
        <ChangeNote state={state} onDismiss={onDismiss} onRetry={(from, to) => onRetry(order, from, to)} />
      </div>
      {whatNext(state) ? <p className={styles.whatNext}>{whatNext(state)}</p> : null}
      {state.moves.length ? (
        <div className={styles.moves}>
          {state.moves.map((to) => (
            <button
              key={to}
              type="button"
              className={`${button({ tone: 'primary' })} ${styles.bigButton}`}
              onClick={() => onMove(order, state.status, to)}
            >
              {moveLabel(to)}
            </button>
          ))}
        </div>
      ) : null}
    </Element>
  );
}

function ChangeNote({
  state,
  onDismiss,
  onRetry,
}: {
  state: CardState;
  onDismiss: (entryId: string) => void;
  onRetry: (from: OrderStatus, to: OrderStatus) => void;
}) {
  const { change } = state;
  if (change.kind === 'none') return null;
  if (change.kind === 'pending') {
    return (
      <p className={styles.note.pending}>
        <span>
          <strong>{change.sending ? 'Отправляется…' : PENDING_TEXT}</strong> — новый статус «
          {ORDER_STATUS_LABELS[change.to]}»
        </span>
        {change.lastError ? <span>{change.lastError}</span> : null}
      </p>
    );
  }
  const current = change.kind === 'conflict' ? change.currentStatus : null;
  // The server's reason usually names the status already; the line is for when it does not.
  const currentUnsaid =
    current && !change.reason.includes(`«${ORDER_STATUS_LABELS[current]}»`) ? current : null;
  return (
    <div className={styles.note.problem} role="alert">
      <strong>Изменение «{ORDER_STATUS_LABELS[change.to]}» не принято</strong>
      <span>{change.reason}</span>
      {currentUnsaid ? <span>Сейчас у заказа статус «{ORDER_STATUS_LABELS[currentUnsaid]}».</span> : null}
      <div className={styles.noteActions}>
        {change.kind === 'refused' ? (
          <button
            type="button"
            className={button({ tone: 'secondary' })}
            onClick={() => onRetry(change.from, change.to)}
          >
            Повторить
          </button>
        ) : null}
        <button
          type="button"
          className={button({ tone: 'secondary' })}
          onClick={() => onDismiss(change.entryId)}
        >
          Понятно
        </button>
      </div>
    </div>
  );
}
