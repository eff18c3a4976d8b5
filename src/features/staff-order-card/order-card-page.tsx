/**
 * /crm/orders/{id}: the back office's order card. Facts on the left (customer, documents, files,
 * the conversation with the customer, delivery, history, price and cost), actions on the right
 * (status, the finished translation, the staff's notes, amount, other document, payment link,
 * signed act, deletion); one column on a phone. Read through the stored copy, so a card opened
 * once opens again offline with its age; writes need the network, except a message to the
 * customer, which waits in the outbox.
 */
import { Link } from '@tanstack/react-router';
import { useDataLayer } from '../../api/data-layer';
import { type CachedQuery, useCachedQuery } from '../../api/use-cached-query';
import { formatDateTime } from '../../domain/format';
import { allowedTransitions, mayChangeOrder, type OrderStatus, TERMINAL } from '../../domain/order-status';
import { isRole } from '../../domain/roles';
import { newMessagesText } from '../../ui/conversation/messages-badge';
import { DataFreshness } from '../../ui/data-freshness';
import { ChangeOrder, draftOf } from '../../ui/order/change-order';
import { OrderNumber } from '../../ui/order/order-number';
import { DocumentsSection, Section } from '../../ui/order/order-sections';
import { StatusBadge } from '../../ui/order/status-badge';
import { StatusChanger } from '../../ui/order/status-changer';
import * as page from '../../ui/page.css';
import { useRefinedPageTitle } from '../../ui/page-title';
import { QueryState } from '../../ui/query-state';
import { MoneySection } from './money-section';
import { OrderActions } from './order-actions';
import * as styles from './order-card.css';
import { OrderConsent } from './order-consent';
import { type OfficeThread, OrderConversation } from './order-conversation';
import { CustomerSection, DeliverySection, OrderFiles } from './order-facts';
import { OrderNotes } from './order-notes';
import { OrderRefund } from './order-refund';
import { OrderResults } from './order-results';
import { OrderTimeline } from './order-timeline';
import { OrderTracking } from './order-tracking';
import { ScansDeleted } from './scans-deleted';
import type { StaffOrderDetail } from './staff-order-types';

export interface OrderCardPageProps {
  orderId: number;
  /** The back-office session's role, which the route reads. */
  role: string;
  /** The order was deleted: leave the card. */
  onDeleted: () => void;
}

export function OrderCardPage({ orderId, role, onDeleted }: OrderCardPageProps) {
  const query = useCachedQuery('/api/order/{id}', { params: { path: { id: orderId } } });
  const thread = useCachedQuery('/api/order/{id}/messages', { params: { path: { id: orderId } } });
  const detail = query.data;
  useRefinedPageTitle(detail ? `Заказ № ${detail.order.number}` : undefined);
  return (
    <section className={page.stack} aria-labelledby="page-title">
      <p>
        <Link to="/crm/home">← Все заказы</Link>
      </p>
      <h1 id="page-title" className={page.title}>
        Заказ <OrderNumber number={detail?.order.number ?? String(orderId)} />
      </h1>
      <DataFreshness of={query} />
      {detail ? (
        <OrderCard
          detail={detail}
          thread={thread}
          role={role}
          offline={query.isOffline}
          onChanged={query.refetch}
          onDeleted={onDeleted}
        />
      ) : (
        <QueryState what="заказ" error={query.error} onRetry={() => void query.refetch()} />
      )}
    </section>
  );
}

function OrderCard(props: {
  detail: StaffOrderDetail;
  thread: CachedQuery<OfficeThread>;
  role: string | null;
  offline: boolean;
  onChanged: () => Promise<void>;
  onDeleted: () => void;
}) {
  const { order, history, changes, costs, place, results } = props.detail;
  const unread = props.thread.data?.unread ?? 0;
  // The customer wrote last: waiting for the bureau, read or not (the conversation marks what is new).
  const awaitingReply = props.thread.data?.messages.at(-1)?.side === 'CUSTOMER';
  return (
    <div className={styles.columns}>
      <div className={styles.status}>
        <Section id="card-status" title="Статус">
          <p className={styles.statusLine}>
            <StatusBadge status={order.status} />
            <span className={page.muted}>
              создан <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
            </span>
          </p>
          <StatusControl
            order={order}
            role={props.role}
            offline={props.offline}
            onChanged={props.onChanged}
          />
          {unread > 0 || awaitingReply ? (
            <p>
              <a href="#card-messages" className={styles.unreadLink}>
                {unread > 0 ? `Клиент ждёт ответа: ${newMessagesText(unread)}` : 'Клиент ждёт ответа'}
              </a>
            </p>
          ) : null}
        </Section>
        <OrderResults order={order} results={results} offline={props.offline} onChanged={props.onChanged} />
      </div>
      <div className={styles.facts}>
        <CustomerSection order={order} />
        <DocumentsSection order={order} />
        {mayChangeOrder(order.status) && !props.offline ? (
          <StaffChangeOrder order={order} onChanged={props.onChanged} />
        ) : null}
        <OrderFiles order={order} />
        <ScansDeleted order={order} />
        <OrderConversation orderId={order.id} thread={props.thread} />
        <DeliverySection order={order} place={place} />
        <OrderTimeline history={history} changes={changes} />
        <MoneySection order={order} costs={costs} />
        <OrderTracking orderId={order.id} offline={props.offline} />
        <OrderConsent orderId={order.id} />
        <OrderRefund order={order} role={props.role} offline={props.offline} onChanged={props.onChanged} />
      </div>
      <div className={styles.actions}>
        <OrderNotes orderId={order.id} offline={props.offline} />
        <OrderActions
          order={order}
          costs={costs}
          role={props.role}
          offline={props.offline}
          onChanged={props.onChanged}
          onDeleted={props.onDeleted}
        />
      </div>
    </div>
  );
}

/** The list's status changer, or why there is nothing to change from here. */
function StatusControl(props: {
  order: { id: number; number: string; status: OrderStatus };
  role: string | null;
  offline: boolean;
  onChanged: () => Promise<void>;
}) {
  const { order, role } = props;
  if (!isRole(role)) return null;
  if (allowedTransitions(order.status, role).length === 0) {
    return (
      <p className={page.muted}>
        {TERMINAL.includes(order.status)
          ? 'Заказ закрыт: статус больше не меняется.'
          : 'Следующий статус заказу ставит бюро.'}
      </p>
    );
  }
  return (
    <div className={styles.statusLine}>
      {/* The card needs the history too, so it reads the whole card again instead of taking the order. */}
      <StatusChanger order={order} role={role} onChanged={() => void props.onChanged()} />
      {props.offline ? <span className={page.muted}>Статус меняется только онлайн</span> : null}
    </div>
  );
}

/** Staff change the order's documents, urgency and delivery before work starts (decision 0056). */
function StaffChangeOrder({
  order,
  onChanged,
}: {
  order: StaffOrderDetail['order'];
  onChanged: () => Promise<void>;
}) {
  const { api } = useDataLayer();
  return (
    <ChangeOrder
      draft={draftOf(order)}
      conversationHref="#card-messages"
      conversationLabel="Переписка с клиентом"
      onSaved={onChanged}
      send={async (body, key) => {
        const { data } = await api.client.PATCH('/api/order/{id}', {
          params: { path: { id: order.id }, header: key ? { 'Idempotency-Key': key } : {} },
          body,
        });
        if (!data) throw new Error('Не получилось изменить заказ');
        return data.preview;
      }}
    />
  );
}
