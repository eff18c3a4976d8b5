/**
 * /cabinet/orders/{id}: one of the customer's orders — what to do next and the actions for it,
 * the refund of a paid order the bureau cancelled, the finished translation to download, the
 * conversation with the bureau, documents and languages, files, how it is received, the status
 * history and the amount. Read through the stored copy: an order opened once opens again offline,
 * with its age.
 */
import { Link } from '@tanstack/react-router';
import { useDataLayer } from '../../api/data-layer';
import { type CachedQuery, useCachedQuery } from '../../api/use-cached-query';
import { formatDay } from '../../domain/day-text';
import { formatDate } from '../../domain/format';
import { isInWork } from '../../domain/order-status';
import { REFUND_FAILED_TEXT, refundArrival } from '../../domain/refunds';
import { newMessagesText } from '../../ui/conversation/messages-badge';
import { DataFreshness } from '../../ui/data-freshness';
import { ChangeOrder, draftOf } from '../../ui/order/change-order';
import { OrderNumber } from '../../ui/order/order-number';
import { DocumentsSection, FilesSection, Section } from '../../ui/order/order-sections';
import { PlacedWithoutSignIn } from '../../ui/order/placed-without-sign-in';
import { RefundSummary } from '../../ui/order/refund-summary';
import { StatusBadge } from '../../ui/order/status-badge';
import * as page from '../../ui/page.css';
import { useRefinedPageTitle } from '../../ui/page-title';
import { QueryState } from '../../ui/query-state';
import { AddOrderFiles } from './add-order-files';
import * as styles from './cabinet.css';
import type { MyOrderDetail } from './cabinet-types';
import { NextStepLine } from './next-step-line';
import { OrderActions } from './order-actions';
import { ConversationSection, type MyThread, ResultsSection } from './order-conversation';
import { AmountSection, DeliverySection } from './order-sections';
import { StatusTimeline } from './status-timeline';

export interface OrderPageProps {
  orderId: number;
  onOpenOrder: (orderId: number) => void;
}

export function OrderPage({ orderId, onOpenOrder }: OrderPageProps) {
  const query = useCachedQuery('/api/user/orders/{id}', { params: { path: { id: orderId } } });
  const thread = useCachedQuery('/api/user/orders/{id}/messages', { params: { path: { id: orderId } } });
  const detail = query.data;
  // No such order of this customer (never was, or someone else's): say so, as the app's 404 page does.
  const missing = !detail && query.error?.status === 404;
  useRefinedPageTitle(detail ? `Заказ № ${detail.order.number}` : missing ? 'Заказ не найден' : undefined);
  if (missing) {
    return (
      <section className={page.stack} aria-labelledby="page-title">
        <h1 id="page-title" className={page.title}>
          Заказ не найден
        </h1>
        <p className={page.muted}>
          Среди ваших заказов такого нет: возможно, ссылка устарела или заказ оформлен на другую почту.
        </p>
        <p>
          <Link to="/cabinet/orders">Все заказы</Link>
        </p>
      </section>
    );
  }
  return (
    <section className={page.stack} aria-labelledby="page-title">
      <p>
        <Link to="/cabinet/orders">← Все заказы</Link>
      </p>
      {/* The id in the address is not the order's number: until the order is read, no number. */}
      <h1 id="page-title" className={page.title}>
        {detail ? (
          <>
            Заказ <OrderNumber number={detail.order.number} />
          </>
        ) : (
          'Заказ'
        )}
      </h1>
      <DataFreshness of={query} />
      {detail ? (
        <OrderDetails detail={detail} thread={thread} onChanged={query.refetch} onOpenOrder={onOpenOrder} />
      ) : (
        <QueryState what="заказ" error={query.error} onRetry={() => void query.refetch()} />
      )}
    </section>
  );
}

function OrderDetails({
  detail,
  thread,
  onChanged,
  onOpenOrder,
}: {
  detail: MyOrderDetail;
  thread: CachedQuery<MyThread>;
  onChanged: () => Promise<void>;
  onOpenOrder: (orderId: number) => void;
}) {
  const { order } = detail;
  const { api } = useDataLayer();
  const unread = thread.data?.unread ?? order.unreadMessages;
  return (
    <>
      <div className={page.card}>
        <p className={styles.actions}>
          <StatusBadge status={order.status} />
          <span className={page.muted}>
            от <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
          </span>
        </p>
        {order.dueDate && isInWork(order.status) ? (
          <p>
            Срок готовности: <strong>{formatDay(order.dueDate, { weekday: true })}</strong>
            {order.urgent ? ' · срочный заказ' : null}
          </p>
        ) : null}
        {order.placedWithoutSignIn ? <PlacedWithoutSignIn audience="customer" status={order.status} /> : null}
        <NextStepLine order={order} />
        {order.refund ? <OrderRefund refund={order.refund} /> : null}
        <OrderActions order={order} onChanged={onChanged} onRepeated={onOpenOrder} />
        {order.actions.canChange ? (
          <ChangeOrder
            draft={draftOf({
              ...order,
              pickupPointId: order.place?.kind === 'PICKUP_POINT' ? order.place.id : null,
            })}
            conversationHref="#order-messages"
            onSaved={onChanged}
            send={async (body, key) => {
              const { data } = await api.client.PATCH('/api/user/orders/{id}', {
                params: { path: { id: order.id }, header: key ? { 'Idempotency-Key': key } : {} },
                body,
              });
              if (!data) throw new Error('Не получилось изменить заказ');
              return data.preview;
            }}
          />
        ) : null}
        <p>
          <a href="#order-messages">
            {unread > 0 ? `Переписка: ${newMessagesText(unread)} от бюро` : 'Написать менеджеру'}
          </a>
        </p>
      </div>
      <ResultsSection order={order} />
      <ConversationSection orderId={order.id} thread={thread} />
      <DocumentsSection order={order} />
      <FilesSection order={order}>
        {order.actions.canAddFiles ? <AddOrderFiles order={order} onAdded={onChanged} /> : null}
      </FilesSection>
      <DeliverySection order={order} />
      <Section id="order-history" title="История">
        <StatusTimeline history={detail.history} />
        {detail.changes?.length ? (
          <>
            <h3>Изменения заказа</h3>
            <ul>
              {detail.changes.map((change) => (
                <li key={change.id}>
                  <time dateTime={change.createdAt}>{formatDate(change.createdAt)}</time>: {change.text}
                  {change.byCustomer ? null : ' (изменило бюро)'}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </Section>
      <AmountSection order={order} />
    </>
  );
}

/** The money returned: where it stands and when it arrives, or what happens when it failed. */
function OrderRefund({ refund }: { refund: NonNullable<MyOrderDetail['order']['refund']> }) {
  return (
    <RefundSummary refund={refund}>
      {refund.status === 'FAILED' ? REFUND_FAILED_TEXT : refundArrival(refund.paymentMethod)}
    </RefundSummary>
  );
}
