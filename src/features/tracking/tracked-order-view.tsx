/**
 * An order as the tracking page shows it to whoever holds its link: where it stands in one
 * sentence, what to do now (pay through the cabinet, come to this address with a passport), the
 * place with its hours, «Как найти» and a map, the parcel, the steps so far with their dates,
 * what is translated, and the order's link to keep or send to Telegram.
 */
import { formatDate, formatRubles } from '../../domain/format';
import { button } from '../../ui/button';
import * as form from '../../ui/form.css';
import { FollowOrder } from '../../ui/order/follow-order';
import { WithWholeNumbers } from '../../ui/order/order-number';
import { Section } from '../../ui/order/order-sections';
import * as widgets from '../../ui/order/order-widgets.css';
import { PlaceFacts } from '../../ui/order/place-facts';
import { StatusBadge } from '../../ui/order/status-badge';
import { Timeline } from '../../ui/order/timeline';
import * as page from '../../ui/page.css';
import type { TrackedOrder } from './track-form';

export function TrackedOrderView({ order }: { order: TrackedOrder }) {
  return (
    <>
      <div className={page.card}>
        <p className={form.actions}>
          <StatusBadge status={order.status} />
          <span className={page.muted}>
            оформлен <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
          </span>
        </p>
        <p className={page.subtitle} role="status">
          {order.summary}
        </p>
        {order.dueDate ? <p>Перевод обещан к {formatDate(order.dueDate)}.</p> : null}
        {order.payment.due && order.payment.payUrl ? (
          <>
            <p>
              К оплате: <strong className={widgets.amount}>{formatRubles(order.payment.amount)}</strong>
            </p>
            <p>
              <a href={order.payment.payUrl} className={button({ tone: 'primary' })}>
                {order.payment.payerType === 'LEGAL'
                  ? 'Счёт — в личном кабинете'
                  : 'Оплатить в личном кабинете'}
              </a>
            </p>
            <p className={form.hint}>Для входа укажите почту, на которую оформлен заказ: пришлём код.</p>
          </>
        ) : null}
        {order.resultsReady ? (
          <p>
            Файлы перевода готовы: скачать их можно в <a href="/cabinet/orders">личном кабинете</a>.
          </p>
        ) : null}
        <p className={page.muted}>
          Телефон в заказе: <span className={widgets.orderNumber}>{order.phoneMasked}</span>
        </p>
      </div>
      {order.place ? (
        <Section id="track-place" title={order.waitingForYou ? 'Где забрать' : 'Где получить'}>
          <dl className={widgets.facts}>
            <PlaceFacts place={order.place} />
          </dl>
          {order.mapUrl ? (
            <p>
              <a href={order.mapUrl} target="_blank" rel="noopener noreferrer">
                Открыть на карте
              </a>
            </p>
          ) : null}
          {order.whatToBring ? (
            <p>
              <strong>Что взять с собой:</strong> <WithWholeNumbers text={order.whatToBring} />
            </p>
          ) : null}
        </Section>
      ) : null}
      {order.parcel ? (
        <Section id="track-parcel" title="Доставка">
          <p>
            Номер отправления: <strong>{order.parcel.number}</strong>{' '}
            <a href={order.parcel.url} target="_blank" rel="noopener noreferrer">
              Отследить
            </a>
          </p>
        </Section>
      ) : null}
      <Section id="track-history" title="Как идёт заказ">
        <Timeline
          entries={order.timeline.map((step, index) => ({
            key: `${index}-${step.status}`,
            createdAt: step.at,
            title: step.statusLabel,
            details: [],
          }))}
        />
      </Section>
      <Section id="track-documents" title="Что переводим">
        <ul>
          {order.documents.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never move
            <li key={index}>
              {line.type}
              {line.quantity > 1 ? ` × ${line.quantity}` : ''}
            </li>
          ))}
        </ul>
      </Section>
      <FollowOrder
        trackingUrl={order.trackingUrl}
        telegram={order.telegram.available}
        expiresAt={order.linkExpiresAt}
        intro="Ссылка на эту страницу — в каждом письме о заказе. Входить в личный кабинет для этого не нужно."
      />
    </>
  );
}
