/**
 * /track and /track/{token}: «Где мой заказ?» without signing in. The form finds an order by its
 * number and the phone or email given with it, then moves to the order's own link, the one every
 * message about the order carries; that page is stored like every screen's data, so once opened
 * it opens offline with its age. The form also lists the orders this device has looked at.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useDataLayer } from '../../api/data-layer';
import { useCachedQuery } from '../../api/use-cached-query';
import { useOnlineStatus } from '../../api/use-online-status';
import { storedAnswersOf } from '../../db/cache';
import { useLiveQuery } from '../../db/live-query';
import { formatDateTime } from '../../domain/format';
import { DataFreshness } from '../../ui/data-freshness';
import { OrderNumber } from '../../ui/order/order-number';
import * as page from '../../ui/page.css';
import { useRefinedPageTitle } from '../../ui/page-title';
import { QueryState } from '../../ui/query-state';
import { type TrackedOrder, TrackForm } from './track-form';
import { TrackedOrderView } from './tracked-order-view';

const TRACKED_OPERATION = '/api/track/{token}';

export function TrackPage({ token }: { token: string | undefined }) {
  return token ? <TrackedOrderPage token={token} /> : <TrackFormPage />;
}

const tokenOf = (order: Pick<TrackedOrder, 'trackingUrl'>) => order.trackingUrl.replace(/^\/track\//, '');

function TrackFormPage() {
  const navigate = useNavigate();
  const online = useOnlineStatus();
  return (
    <section className={page.stack} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        Где мой заказ?
      </h1>
      <p>
        Введите номер заказа из письма и телефон или email, которые вы указали при оформлении. Входить в
        личный кабинет не нужно.
      </p>
      {online ? null : (
        <p role="status" className={page.errorText}>
          Нет сети: найти заказ можно, когда появится интернет. Заказы, которые вы уже смотрели, открываются и
          без него.
        </p>
      )}
      <div className={page.card}>
        <TrackForm
          onFound={(order) => void navigate({ to: '/track/{-$token}', params: { token: tokenOf(order) } })}
        />
      </div>
      <RecentOrders />
      <p className={page.muted}>
        Все ваши заказы, файлы и оплата — в <Link to="/cabinet-login">личном кабинете</Link>.
      </p>
    </section>
  );
}

/** Orders this device has opened on /track, with the age of what it knows of them. */
function RecentOrders() {
  const { db } = useDataLayer();
  const stored = useLiveQuery(() => storedAnswersOf(db, TRACKED_OPERATION), [db]);
  const orders = (stored ?? []).slice(0, 5).map((entry) => ({
    order: entry.value as TrackedOrder,
    fetchedAt: entry.fetchedAt,
  }));
  if (orders.length === 0) return null;
  return (
    <section className={page.card} aria-labelledby="recent-title">
      <h2 id="recent-title" className={page.subtitle}>
        Заказы, которые вы смотрели на этом устройстве
      </h2>
      <ul className={page.cardList}>
        {orders.map(({ order, fetchedAt }) => (
          <li key={order.trackingUrl} className={page.compactCard}>
            <Link to="/track/{-$token}" params={{ token: tokenOf(order) }}>
              Заказ <OrderNumber number={order.number} /> — {order.statusLabel}
            </Link>
            <span className={page.muted}>Данные от {formatDateTime(fetchedAt)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TrackedOrderPage({ token }: { token: string }) {
  const query = useCachedQuery('/api/track/{token}', { params: { path: { token } } });
  const order = query.data;
  const gone = !order && (query.error?.status === 404 || query.error?.status === 410);
  useRefinedPageTitle(order ? `Заказ № ${order.number}` : gone ? 'Ссылка не действует' : undefined);
  if (gone) {
    return (
      <section className={page.stack} aria-labelledby="page-title">
        <h1 id="page-title" className={page.title}>
          {query.error?.status === 410 ? 'Ссылка больше не действует' : 'Ссылка не найдена'}
        </h1>
        <p>{query.error?.message}</p>
        <p>
          <Link to="/track/{-$token}" params={{ token: undefined }}>
            Найти заказ по номеру
          </Link>{' '}
          или <Link to="/cabinet-login">войти в личный кабинет</Link>.
        </p>
      </section>
    );
  }
  return (
    <section className={page.stack} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        {order ? (
          <>
            Заказ <OrderNumber number={order.number} />
          </>
        ) : (
          'Заказ'
        )}
      </h1>
      <DataFreshness of={query} />
      {order ? (
        <TrackedOrderView order={order} />
      ) : (
        <QueryState what="заказ" error={query.error} onRetry={() => void query.refetch()} />
      )}
      <p className={page.muted}>
        <Link to="/track/{-$token}" params={{ token: undefined }}>
          Найти другой заказ
        </Link>
      </p>
    </section>
  );
}
