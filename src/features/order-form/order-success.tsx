/**
 * /order/success: the order's number and amount and what happens next (the server's receipt says
 * it) — read from the outbox entry the form made, so it survives a reload. An order still waiting for the network says so;
 * opened without an order, the page says there is nothing to show. What follows an accepted
 * order (the offer of push notifications) is the route's to put in `after`.
 */
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { useCachedQuery } from '../../api/use-cached-query';
import { useLiveQuery } from '../../db/live-query';
import { formatDay } from '../../domain/day-text';
import { formatDateTime, formatRubles } from '../../domain/format';
import { placedDiscountText } from '../../domain/promo';
import { markAcceptedSeen } from '../../outbox/accepted-orders';
import type { OrderResult } from '../../outbox/orders';
import { outboxEntry } from '../../outbox/queue';
import { button } from '../../ui/button';
import { FollowOrder } from '../../ui/order/follow-order';
import { OrderNumber } from '../../ui/order/order-number';
import * as page from '../../ui/page.css';

/** For an order the outbox sent before receipts said what happens next. */
const EARLIER_NEXT_STEPS = [
  'Менеджер проверит документы и подтвердит стоимость.',
  'Статус заказа можно смотреть в личном кабинете — вход по коду, который придёт на вашу почту.',
];

export function OrderSuccess({
  entryId,
  after,
  signedIn = false,
}: {
  entryId: string | undefined;
  after?: ReactNode;
  /** A customer signed in to the cabinet goes straight to the order there, not to the sign-in. */
  signedIn?: boolean;
}) {
  const { db } = useDataLayer();
  const entry = useLiveQuery(() => outboxEntry(db, entryId), [db, entryId]);
  const accepted = entry?.status === 'sent' && entry.result ? entry.id : null;
  // This page has told the customer the number: the shell's «Заказ № … принят» notice would
  // only repeat it later, over the next order's form.
  useEffect(() => {
    if (accepted) void markAcceptedSeen(db, [accepted]);
  }, [db, accepted]);
  if (entry === undefined) return null;
  if (entry === null) {
    return (
      <section className={page.stack} aria-labelledby="success-title">
        <h1 id="success-title" className={page.title}>
          Заказ не найден
        </h1>
        <p>
          На этом устройстве нет только что отправленного заказа. Возможно, страница открыта по старой ссылке.
        </p>
        <p>
          <Link to="/order/step-1" className={button({ tone: 'primary' })}>
            Оформить заказ
          </Link>
        </p>
      </section>
    );
  }
  const result = entry.result as OrderResult | undefined;
  if (entry.status !== 'sent' || !result) {
    const refused = entry.status === 'failed';
    return (
      <section className={page.stack} aria-labelledby="success-title">
        <h1 id="success-title" className={page.title}>
          {refused ? 'Заказ не принят' : 'Заказ сохранён и ждёт отправки'}
        </h1>
        <p role="status">
          {refused
            ? `Сервер не принял заказ: ${entry.lastError ?? 'ошибка'}. Заказ сохранён на этом устройстве: нажмите «Исправить заказ» в уведомлении внизу страницы, измените его и отправьте снова.`
            : 'Заказ сохранён и будет отправлен, когда появится связь. Он хранится на этом устройстве и уйдёт сам — даже если закрыть страницу.'}
        </p>
        {entry.lastError && entry.status !== 'failed' ? (
          <p className={page.muted}>
            {entry.lastError}
            {/* A 429 or a busy server: the outbox waits as long as the server asked, then tries again. */}
            {entry.nextAttemptAt && entry.nextAttemptAt > Date.now()
              ? ` Следующая попытка отправки — ${formatDateTime(entry.nextAttemptAt)}.`
              : null}
          </p>
        ) : null}
      </section>
    );
  }
  return (
    <section className={page.stack} aria-labelledby="success-title">
      <h1 id="success-title" className={page.title}>
        Заказ оформлен
      </h1>
      <div className={page.card}>
        <p>
          Номер заказа:{' '}
          <strong>
            <OrderNumber number={result.number} sign={false} />
          </strong>
        </p>
        <p>
          Сумма: <strong>{formatRubles(result.amount)}</strong>
        </p>
        {result.dueDate ? (
          <p>
            Срок готовности: <strong>{formatDay(result.dueDate, { weekday: true })}</strong>
            {result.urgent ? ' — срочный заказ' : null}
          </p>
        ) : null}
        {result.promoCode ? (
          // A code typed offline was checked only now, by the server: say that it counted.
          <p>
            Промокод {result.promoCode} применён: скидка {placedDiscountText(result)}
          </p>
        ) : null}
      </div>
      <h2 className={page.subtitle}>Что дальше</h2>
      <ol>
        {(result.nextSteps ?? EARLIER_NEXT_STEPS).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {result.trackingUrl ? <FollowPlacedOrder trackingUrl={result.trackingUrl} /> : null}
      <p>
        {signedIn ? (
          <Link
            to="/cabinet/orders/$id"
            params={{ id: String(result.id) }}
            className={button({ tone: 'primary' })}
          >
            Открыть заказ в личном кабинете
          </Link>
        ) : (
          <Link to="/cabinet-login" className={button({ tone: 'primary' })}>
            Войти в личный кабинет
          </Link>
        )}
      </p>
      {after}
    </section>
  );
}

/**
 * The new order's tracking link, and Telegram when the bureau has a bot (the tracked order says
 * so; read once here, it is also stored, so the order is among those this device has looked at).
 */
function FollowPlacedOrder({ trackingUrl }: { trackingUrl: string }) {
  const token = trackingUrl.replace(/^\/track\//, '');
  const tracked = useCachedQuery('/api/track/{token}', { params: { path: { token } } });
  return (
    <FollowOrder
      trackingUrl={trackingUrl}
      telegram={tracked.data?.telegram.available === true}
      intro="Статус заказа можно смотреть без входа в личный кабинет — по этой ссылке. Она придёт и в письме о заказе."
    />
  );
}
